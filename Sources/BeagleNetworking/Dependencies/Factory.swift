/// Makes one dependency of a `BeagleDependenciesFactory` from the configuration's resolver
/// (Beagle iOS 2.1 `Factory`).
///
/// The block is `@Sendable`, where Beagle's is not: a configuration is shared between threads.
public struct Factory<T>: Sendable {
    let create: @Sendable (any DependenciesContainerResolving) -> T

    /// Wraps the block that makes the dependency; it receives the resolver of the configuration
    /// the dependency belongs to, for the dependency's own `@Injected` dependencies.
    public init(_ createBlock: @escaping @Sendable (any DependenciesContainerResolving) -> T) {
        create = createBlock
    }
}
