import Dispatch
import Foundation
import Synchronization

extension RandomAccessCollection where Self: Sendable, Index == Int, Element: Sendable {
    /// `transform` of each element, in the collection's order, the elements spread over the
    /// machine's cores: for work whose elements are independent (the files of a folder checked,
    /// the entries of an archive read). `transform` must not depend on the order it is called in.
    package func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        guard count > 1 else { return map(transform) }
        let results = Mutex([T?](repeating: nil, count: count))
        let workers = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for offset in stride(from: worker, to: count, by: workers) {
                let result = transform(self[startIndex + offset])
                results.withLock { $0[offset] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
