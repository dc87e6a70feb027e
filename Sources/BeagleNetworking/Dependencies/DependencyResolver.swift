/// How a container produces a dependency each time it is resolved (Beagle iOS 2.x).
///
/// The values are `Sendable` where Beagle's are `Any`, since a container is shared between threads.
public enum DependencyResolver: Sendable {
    /// Always this object.
    case instance(obj: any Sendable)
    /// Made by `block` on the first resolve, then that same object every time.
    case lazy(block: @Sendable () -> any Sendable)
    /// Made by `block` on every resolve.
    case factory(block: @Sendable () -> any Sendable)
}
