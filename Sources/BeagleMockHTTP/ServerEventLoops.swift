import NIOCore
import NIOPosix

/// The event loops every server in the process shares: twice as many as the machine has cores,
/// where NIO's default is one per core.
///
/// A mock spends most of a request waiting, and clients that start together (a test suite, wrk's
/// connections) make many delayed requests end in the same instant. More loops split such a burst
/// into smaller ones that the kernel interleaves with the client: with 1,000 connections and
/// `--latency 100ms` on 2 cores, four loops brought the median p99 overshoot from about 9 ms to
/// about 5 ms, level with a minimal C server (`Benchmarks/latency.sh`); throughput without
/// latency stayed the same.
package enum ServerEventLoops {
    package static let group = MultiThreadedEventLoopGroup(numberOfThreads: 2 * System.coreCount)
}
