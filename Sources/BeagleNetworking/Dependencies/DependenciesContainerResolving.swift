/// Something that hands out dependencies by type (Beagle iOS 2.x).
public protocol DependenciesContainerResolving: Sendable {
    /// The registered dependency of type `Dependency`; throws `DependenciesContainer.ContainerError`
    /// when there is none.
    func resolve<Dependency>() throws -> Dependency
}
