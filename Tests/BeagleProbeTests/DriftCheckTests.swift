import BeagleMock
import BeagleProbe
import BeagleScreens
import Foundation
import MockTestSupport
import Testing

/// `probe --compare` in process: a mock serving ``DriftFolders/bff`` as the BFF, crawled and
/// compared with ``DriftFolders/mock``, which a second mock serves to check that the folder's
/// answers are the server's.
/// One at a time: each test runs servers beside the rest of the suite.
@Suite(.serialized) struct DriftCheckTests {
    /// The crawl of `server` from `/home` compared with the folder `mock`.
    func crawlAndCompare(_ server: RunningMockServer, against mock: TemporaryScreens) async throws -> (DriftReport, FolderAnswers)
    {
        let configuration = try ProbeConfiguration(startURL: server.baseURL + "/home")
        let report = await ProbeCrawler(configuration: configuration).run()
        let folder = try ScreenFolder(contentsOf: URL(fileURLWithPath: mock.screens))
        let answers = FolderAnswers(
            folder: folder, platform: configuration.platform, renderer: TemplateSample.renderer(screensFolder: mock.screens))
        return (await DriftCheck(answers: answers, folderName: "mock").compare(report), answers)
    }

    @Test func eachKnownDifferenceIsFoundWithItsPointersOnBothSides() async throws {
        let mock = try TemporaryScreens(DriftFolders.mock)
        defer { mock.remove() }
        let (drift, _) = try await withMockServer(files: DriftFolders.bff) { server, _ in
            try await crawlAndCompare(server, against: mock)
        }
        #expect(drift.differs)
        #expect(drift.compared.map(\.route) == ["/home", "/catalog", "/profile"])
        let home = try #require(drift.compared.first)
        #expect(home.file == "home.json")
        #expect(home.differences.map { DriftFolders.line(ScreenDifferenceLine($0)) } == DriftFolders.homeDifferences)
        // The mock's profile has a wrapper for ANDROID only: filtered for IOS, it is the BFF's.
        #expect(drift.compared.dropFirst().allSatisfy { $0.differences.isEmpty })
        #expect(drift.onlyOnBFF == [OneSidedRoute(route: "/offers", kind: .screen, file: nil, referrer: "/home")])
        #expect(drift.onlyInFolder == [OneSidedRoute(route: "/promo", kind: .screen, file: "promo.json", referrer: "/home")])
        #expect(drift.notReached == [OneSidedRoute(route: "/legacy", kind: nil, file: "legacy.json", referrer: nil)])
        #expect(drift.notCompared.map(\.route) == ["/product/42"])
        #expect(drift.notCompared.first?.file == "product/[id].json")
        #expect(drift.notCompared.first?.reason.contains("is a template") == true)
        #expect(drift.failedOnBFF.isEmpty)
    }

    @Test func theFoldersAnswersAreWhatServeSendsForTheSameRouteAndPlatform() async throws {
        let mock = try TemporaryScreens(DriftFolders.mock)
        defer { mock.remove() }
        let (drift, answers) = try await withMockServer(files: DriftFolders.bff) { server, _ in
            try await crawlAndCompare(server, against: mock)
        }
        try await withMockServer(MockServerConfiguration(screensDirectory: mock.screens)) { served in
            for route in drift.compared.map(\.route) + drift.onlyInFolder.map(\.route) {
                guard case .served(let expected, _) = answers.answer(for: route) else {
                    Issue.record("\(route): the folder serves nothing")
                    continue
                }
                let response = try #require(
                    try await HTTPProbe.request(port: served.port, target: route, headers: [("beagle-platform", "IOS")]))
                #expect(response.status == 200, "\(route)")
                #expect(response.body == Array(expected), "\(route)")
            }
            for route in drift.onlyOnBFF.map(\.route) {
                #expect(answers.answer(for: route) == .missing)
                let response = try #require(
                    try await HTTPProbe.request(port: served.port, target: route, headers: [("beagle-platform", "IOS")]))
                #expect(response.status == 404, "\(route)")
            }
        }
    }

    @Test func aPlatformVariantAnswersForItsPlatform() async throws {
        let mock = try TemporaryScreens([
            "screens/home.json": ScreenJSON.screen(ScreenJSON.text("Everyone")),
            "screens/home.ios.json": ScreenJSON.screen(ScreenJSON.text("iPhone")),
        ])
        defer { mock.remove() }
        let (drift, _) = try await withMockServer(files: ["screens/home.json": ScreenJSON.screen(ScreenJSON.text("iPhone"))]) {
            server, _ in try await crawlAndCompare(server, against: mock)
        }
        #expect(!drift.differs)
        #expect(drift.compared.map(\.file) == ["home.ios.json"])
        #expect(drift.notReached.isEmpty)
    }
}
