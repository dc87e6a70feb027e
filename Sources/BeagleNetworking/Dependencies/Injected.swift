/// A dependency resolved on first read, from a given resolver or else
/// `GlobalConfiguration.resolver` (Beagle iOS 2.x `@Injected`).
///
/// A missing registration stops the program, as in Beagle: it is a setup mistake, found the
/// first time the property is read, never something a server response can cause. The
/// library's own types only inject what `BeagleDependencies` always registers (coder, URL
/// builder, logger); the network client, which may be absent, is `@OptionalInjected`.
///
/// A class, as in Beagle, so copies of a struct share one resolved value; `Sendable` because
/// the value sits behind a lock.
@propertyWrapper
public final class Injected<Dependency: Sendable>: Sendable {
    private let resolver: (any DependenciesContainerResolving)?
    private let resolved: LockedValue<Dependency?>

    /// Resolves from `GlobalConfiguration.resolver` on first read.
    public init() {
        resolver = nil
        resolved = LockedValue(nil)
    }

    /// Resolves from `resolver` on first read.
    public init(_ resolver: any DependenciesContainerResolving) {
        self.resolver = resolver
        resolved = LockedValue(nil)
    }

    /// Holds `wrappedValue`; nothing is resolved.
    public init(wrappedValue: Dependency) {
        resolver = nil
        resolved = LockedValue(wrappedValue)
    }

    /// The dependency; reading it the first time resolves it.
    public var wrappedValue: Dependency {
        get {
            if let dependency = resolved.current { return dependency }
            let dependency: Dependency
            do {
                dependency = try (resolver ?? GlobalConfiguration.resolver).resolve()
            } catch {
                // A programming error, as Beagle's `injectedFailureHandler` default: the
                // dependency was never registered.
                fatalError("@Injected could not resolve \(Dependency.self): \(error)")
            }
            return resolved.withLock { stored in
                if let winner = stored { return winner }
                stored = dependency
                return dependency
            }
        }
        set {
            resolved.withLock { $0 = newValue }
        }
    }
}
