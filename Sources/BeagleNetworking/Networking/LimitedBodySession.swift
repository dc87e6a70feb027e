import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Data tasks whose response body may not pass a size: the body is counted as it arrives, and a
/// response that announces more, or sends more, is cancelled there and fails with
/// `NetworkFailure.bodyTooLarge`, so that a server that streams without end costs at most the
/// limit in memory (``NetworkClientDefault/maximumBodySize``).
///
/// A task with a completion handler gets its body only whole, so these tasks run on a session of
/// their own whose delegate sees each piece. The session is made once per process, with
/// ``NetworkClientDefault/sharedSession``'s settings (making and invalidating sessions races on
/// Linux).
///
/// The delegate runs on the thread that reads the socket (``InlineDelegateQueue``), not on a queue
/// of its own: swift-corelibs-foundation hands each 16 KiB read to the delegate queue without
/// waiting, so a delegate that runs behind a fast sender leaves the pieces piling up in memory
/// (hundreds of MiB before the limit is even seen). Inline, a piece past the limit is dropped as
/// it is read. The cancel and the completion leave that thread: `cancel()` waits for it.
final class LimitedBodySession: NSObject, URLSessionDataDelegate, Sendable {
    typealias Completion = @Sendable (Data?, URLResponse?, (any Error)?) -> Void

    private struct Transfer: Sendable {
        let limit: Int
        let completion: Completion
        var data = Data()
        var response: URLResponse?
        var tooLarge = false

        /// Keeps `piece`, or drops the body once it passes the limit; whether it just did.
        mutating func receive(_ piece: Data) -> Bool {
            guard !tooLarge else { return false }
            guard data.count + piece.count <= limit else {
                tooLarge = true
                data = Data()
                return true
            }
            data.append(piece)
            return false
        }
    }

    /// The one session, made on first use.
    static let shared = LimitedBodySession()

    private let transfers = LockedValue<[Int: Transfer]>([:])
    private let session = LockedValue<URLSession?>(nil)

    private override init() {
        super.init()
    }

    /// A task (not yet resumed) that fetches `request` and calls `completion` once, with the body
    /// as URLSession gives it, or with `NetworkFailure.bodyTooLarge` past `limit` bytes.
    func dataTask(with request: URLRequest, limit: Int, completion: @escaping Completion) -> URLSessionDataTask {
        let task = urlSession.dataTask(with: request)
        transfers.withLock { $0[task.taskIdentifier] = Transfer(limit: limit, completion: completion) }
        return task
    }

    private var urlSession: URLSession {
        session.withLock { session in
            if let session { return session }
            let shared = NetworkClientDefault.sharedSession.configuration
            let made = URLSession(configuration: shared, delegate: self, delegateQueue: InlineDelegateQueue())
            session = made
            return made
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let refused = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.response = response
            transfer.tooLarge = response.expectedContentLength > Int64(transfer.limit)
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.tooLarge
        }
        completionHandler(refused ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // One lookup, and the body changed in place (never through a copy of the transfer, which
        // would copy the whole body at every piece): this runs for every 16 KiB that arrives.
        let tooLarge = transfers.withLock { $0[dataTask.taskIdentifier]?.receive(data) ?? false }
        if tooLarge { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let response = transfer.response ?? task.response
        // Off the reading thread: the completion decodes the screen, and other transfers wait meanwhile.
        DispatchQueue.global().async {
            if transfer.tooLarge {
                transfer.completion(nil, response, NetworkFailure.bodyTooLarge(limit: transfer.limit))
            } else {
                transfer.completion(transfer.data, response, error)
            }
        }
    }
}

/// A delegate queue that runs each block at once, on the thread that adds it: for
/// ``LimitedBodySession``, whose delegate must see each piece of a body as it is read.
private final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    // @unchecked: the queue holds no state of its own; OperationQueue's is guarded by its own lock.

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
