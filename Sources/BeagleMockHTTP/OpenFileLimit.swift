#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Raises the soft limit on open files to the hard limit: a thousand concurrent connections
/// need about two thousand descriptors, more than the usual soft limit of 1,024.
package enum OpenFileLimit {
    /// Raises the limit where allowed; returns the soft limit in force afterwards.
    @discardableResult
    package static func raise() -> UInt64 {
        var limit = rlimit()
        #if os(Linux) && canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            // Darwin refuses values above OPEN_MAX even when the hard limit says "infinity".
            #if canImport(Darwin)
            raised.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))
            #else
            raised.rlim_cur = limit.rlim_max
            #endif
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }
}
