/// Installs an app's dependencies (Beagle iOS 2.x `BeagleConfigurator`).
public enum BeagleConfigurator {
    /// Makes `dependencies` what `@Injected` resolves from, process-wide.
    public static func setup(dependencies: BeagleDependencies) {
        GlobalConfiguration.resolver = DependenciesContainer(dependencies: dependencies)
    }

    /// Makes a configuration of `dependencies` what `@Injected` resolves from, process-wide.
    public static func setup(dependencies: BeagleDependenciesFactory) {
        GlobalConfiguration.resolver = BeagleConfiguration(dependencies: dependencies).resolver
    }
}
