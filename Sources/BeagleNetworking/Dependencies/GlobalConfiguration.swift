/// The process-wide resolver that `@Injected` and `@OptionalInjected` fall back to (Beagle iOS
/// 2.x `GlobalConfig`).
public enum GlobalConfiguration {
    private static let current = LockedValue<any DependenciesContainerResolving>(
        DependenciesContainer(dependencies: BeagleDependencies())
    )

    /// The resolver used by wrappers created without one; `BeagleConfigurator.setup` replaces it.
    ///
    /// Wrappers resolve once, on first read, so replacing it does not change objects that have
    /// already resolved their dependencies. Tests that run in parallel should pass their own
    /// container instead of replacing this one.
    public static var resolver: any DependenciesContainerResolving {
        get { current.current }
        set { current.withLock { $0 = newValue } }
    }
}
