/// A thread-safe registry of dependencies keyed by type (Beagle iOS 2.x `DependenciesContainer`).
///
/// Beagle keys entries by `String(describing:)` of the type; this container keys them by the
/// type itself, so two modules' `LoggerProtocol`s cannot collide. Register protocol types as
/// existentials: `container.registerLazy((any UrlBuilderProtocol).self, block: UrlBuilder())`.
public final class DependenciesContainer: DependenciesContainerResolving {
    private struct Entry: Sendable {
        var typeName: String
        var resolver: DependencyResolver
        // Tells a lazy block's result apart from a registration that replaced it meanwhile.
        var generation: UInt64
    }

    private struct Storage: Sendable {
        var entries: [ObjectIdentifier: Entry] = [:]
        var nextGeneration: UInt64 = 0
    }

    private let storage = LockedValue(Storage())

    /// Why a dependency could not be resolved.
    public enum ContainerError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing is registered for the type.
        case couldNotFindInstanceForType(type: String)
        /// What is registered is not of the requested type.
        case couldNotCastInstanceToRequestedType(type: String)

        /// A message naming the type and how to fix it.
        public var description: String {
            switch self {
            case .couldNotFindInstanceForType(let type):
                return "no dependency is registered for \(type): register it in the container or in BeagleDependencies"
            case .couldNotCastInstanceToRequestedType(let type):
                return "the dependency registered for \(type) is not a \(type)"
            }
        }
    }

    /// Creates an empty container.
    public init() {}

    /// Creates a container holding `dependencies`, registered as Beagle does: URL builder and
    /// coder lazily; logger (wrapped so a nil logger drops messages), view client and image
    /// downloader as factories; the network client lazily, only when set.
    ///
    /// A view client, image downloader or coder left at its default is built with this
    /// container's dependencies, not the global ones, so several containers can live side by
    /// side (in parallel tests, say).
    public convenience init(dependencies: BeagleDependencies) {
        self.init()
        registerBeagleDependencies(dependencies)
    }

    /// Registers `resolver` for `type`, replacing any earlier registration.
    public func register<Dependency>(_ type: Dependency.Type, resolver: DependencyResolver) {
        storage.withLock { storage in
            storage.nextGeneration += 1
            storage.entries[ObjectIdentifier(type)] = Entry(
                typeName: String(describing: type),
                resolver: resolver,
                generation: storage.nextGeneration
            )
        }
    }

    /// Registers a dependency made on first resolve and shared after.
    public func registerLazy<Dependency: Sendable>(
        _ type: Dependency.Type,
        block: @autoclosure @escaping @Sendable () -> Dependency
    ) {
        register(type, resolver: .lazy(block: block))
    }

    /// Registers a dependency made anew on every resolve.
    public func registerFactory<Dependency: Sendable>(
        _ type: Dependency.Type,
        block: @autoclosure @escaping @Sendable () -> Dependency
    ) {
        register(type, resolver: .factory(block: block))
    }

    /// The dependency registered for `Dependency`.
    ///
    /// Asking for an optional resolves its wrapped type: `let client: (any
    /// NetworkClientProtocol)? = try? container.resolve()` infers `Dependency` as the optional.
    public func resolve<Dependency>() throws -> Dependency {
        let requested: any Any.Type = (Dependency.self as? any OptionalType.Type)?.wrappedType ?? Dependency.self
        let key = ObjectIdentifier(requested)
        let typeName = String(describing: requested)
        guard let entry = storage.withLock({ $0.entries[key] }) else {
            throw ContainerError.couldNotFindInstanceForType(type: typeName)
        }
        let object: any Sendable
        switch entry.resolver {
        case .instance(let instance):
            object = instance
        case .factory(let block):
            object = block()
        case .lazy(let block):
            // The block runs outside the lock so that it may resolve other dependencies; if two
            // threads race, the first stored instance wins and both get it.
            let made = block()
            object = storage.withLock { storage -> any Sendable in
                guard let current = storage.entries[key], current.generation == entry.generation else {
                    return made  // re-registered meanwhile: hand out what was made, keep the new entry
                }
                if case .instance(let winner) = current.resolver { return winner }
                storage.entries[key]?.resolver = .instance(obj: made)
                return made
            }
        }
        guard let dependency = object as? Dependency else {
            throw ContainerError.couldNotCastInstanceToRequestedType(type: typeName)
        }
        return dependency
    }
}

/// Lets `resolve` see through an optional to the type it wraps.
private protocol OptionalType {
    static var wrappedType: any Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: any Any.Type { Wrapped.self }
}
