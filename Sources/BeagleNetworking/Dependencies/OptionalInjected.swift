/// A dependency that may be missing, resolved on read (Beagle iOS 2.x `@OptionalInjected`).
///
/// While nothing is registered it reads as nil and tries again on the next read; once set or
/// resolved it keeps its value, nil included when set explicitly.
@propertyWrapper
public final class OptionalInjected<Dependency: Sendable>: Sendable {
    private enum State: Sendable {
        case unresolved
        case resolved(Dependency?)
    }

    private let resolver: (any DependenciesContainerResolving)?
    private let state: LockedValue<State>

    /// Resolves from `GlobalConfiguration.resolver` when read.
    public init() {
        resolver = nil
        state = LockedValue(.unresolved)
    }

    /// Resolves from `resolver` when read.
    public init(_ resolver: any DependenciesContainerResolving) {
        self.resolver = resolver
        state = LockedValue(.unresolved)
    }

    /// Holds `wrappedValue`, nil included; nothing is resolved.
    public init(wrappedValue: Dependency?) {
        resolver = nil
        state = LockedValue(.resolved(wrappedValue))
    }

    /// The dependency, or nil while none is registered.
    public var wrappedValue: Dependency? {
        get {
            if case .resolved(let dependency) = state.current { return dependency }
            let resolver = self.resolver ?? GlobalConfiguration.resolver
            guard let dependency = try? resolver.resolve() as Dependency else {
                return nil
            }
            return state.withLock { state in
                if case .resolved(let winner) = state { return winner }
                state = .resolved(dependency)
                return dependency
            }
        }
        set {
            state.withLock { $0 = .resolved(newValue) }
        }
    }
}
