import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `beagle-mock probe URL --compare DIR` as a user runs it, against a BFF served from files: the
/// BFF's folder and `DIR` are temporary, and the BFF stops however the run ends.
enum CompareRun {
    /// `probe BFF/home --compare DIR arguments…`, the BFF serving `bff`, `DIR` holding `folder`
    /// (paths like `screens/home.json`); `inspect` reads the BFF once the command has finished.
    static func run<T>(
        bff: [String: String], folder: [String: String], _ arguments: [String],
        inspect: (RunningMockServer) async throws -> T
    ) async throws -> (CommandRunner.Result, T) {
        let compared = try TemporaryScreens(folder)
        defer { compared.remove() }
        return try await withMockServer(files: bff) { server, _ in
            let run = try await CommandRunner.run(
                ["probe", server.baseURL + "/home", "--compare", compared.screens] + arguments)
            return (run, try await inspect(server))
        }
    }

    /// `probe BFF/home --compare DIR arguments…`, the BFF serving `bff`, `DIR` holding `folder`.
    static func run(bff: [String: String], folder: [String: String], _ arguments: [String]) async throws
        -> CommandRunner.Result
    {
        try await run(bff: bff, folder: folder, arguments) { _ in () }.0
    }

    /// The JSON report a run printed, and its routes.
    static func report(_ run: CommandRunner.Result) throws -> (object: [String: Any], routes: [[String: Any]]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return (object, try #require(object["routes"] as? [[String: Any]]))
    }
}
