/// Installs an app's dependencies (Beagle iOS 2.x `BeagleConfigurator`).
public enum BeagleConfigurator {
    /// Makes `dependencies` what `@Injected` resolves from, process-wide.
    public static func setup(dependencies: BeagleDependencies) {
        GlobalConfiguration.resolver = DependenciesContainer(dependencies: dependencies)
    }
}
