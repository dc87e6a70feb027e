import BeagleMock
import BeagleMockHTTP
import Foundation
import NIOCore

/// What `serve` prints once it listens: where, what it serves, and how a device reaches it.
struct Banner {
    let server: MockServer
    /// The screens folder as the user typed it (shorter than its real path).
    let screensArgument: String
    let quiet: Bool

    func text(ports: ListeningPorts) -> String {
        let port = ports.http
        let configuration = server.configuration
        let host = configuration.host
        let url = HostDisplay.url(host: host, port: port)
        let secure = ports.https.map { HostDisplay.url(scheme: "https", host: host, port: $0) }
        if quiet { return "beagle-mock \(beagleMockVersion) listening on \(url)\(secure.map { " and \($0)" } ?? "")" }
        var lines = ["beagle-mock \(beagleMockVersion)"]
        let inventory = server.inventory()
        let screens = inventory.map { " (\(Self.count($0.screens, "screen")))" } ?? ""
        lines.append("  Screens   \(screensArgument)\(screens)")
        if let images = server.imagesPath {
            let files = inventory.map { " (\(Self.count($0.images, "file")))" } ?? ""
            lines.append("  Images    \(Self.shortPath(images)) at /images\(files)")
        }
        if let config = server.activeConfigPath {
            lines.append("  Config    \(Self.shortPath(config))")
        }
        lines.append("  Listening \(url)")
        let wildcard = HostDisplay.isWildcard(host)
        if wildcard {
            for (index, address) in HostDisplay.networkAddresses().enumerated() {
                let label = index == 0 ? "Network  " : "         "
                lines.append("  \(label) http://\(address):\(port)   (this machine on your network)")
                if let tlsPort = ports.https { lines.append("            https://\(address):\(tlsPort)") }
            }
        }
        if let tls = server.tls, let secure {
            lines.append(contentsOf: Self.https(tls, url: secure, httpURL: url, host: host, httpPort: port))
        }
        if let upstream = server.settings.snapshot.upstream {
            lines.append(
                "  Upstream  \(upstream.url)   what the folders do not answer (timeout \(upstream.timeout.specDescription))")
            let snapshot = server.settings.snapshot
            let record = snapshot.record.map {
                "\($0.summary), bodies up to \(snapshot.recordMaxSize)"
                    + (snapshot.recordLatency ? ", upstream latency kept as route rules" : "")
            }
            lines.append("  Record    \(record ?? "off (--record to save proxied answers)")")
        }
        if let preview = ports.livePreview {
            let shown = server.operations.live.route.map { ", showing \($0)" } ?? ", showing the screen saved next"
            lines.append(
                "  Preview   \(HostDisplay.url(scheme: "ws", host: HostDisplay.reachable(host), port: preview))   Beagle's Live Preview on the iOS simulator\(shown)"
            )
            lines.append(
                wildcard
                    ? "            ws://10.0.2.2:\(preview)/android   on the Android emulator"
                    : "            ws://127.0.0.1:\(preview)/android   on Android after adb reverse tcp:\(preview) tcp:\(preview)"
            )
        }
        if let reload = ports.reload {
            lines.append(
                "  Reload    \(HostDisplay.url(scheme: "ws", host: HostDisplay.reachable(host), port: reload))   reload on each save (Beagle Flutter)"
            )
        }
        if wildcard {
            lines.append("  Android emulator: http://10.0.2.2:\(port)")
            lines.append("  USB device: adb reverse tcp:\(port) tcp:\(port), then http://127.0.0.1:\(port)")
        } else if host == "127.0.0.1" || host == "localhost" || host == "::1" {
            lines.append("  Devices   only this machine; the iOS simulator works as is; for the Android emulator")
            lines.append("            run adb reverse tcp:\(port) tcp:\(port), or use --host 0.0.0.0")
        }
        // This machine's address, not 0.0.0.0, which no browser opens.
        let local = HostDisplay.url(host: HostDisplay.reachable(host), port: port)
        lines.append("  Admin     \(local)/__admin   \(server.adminAccess)")
        let settings = server.settings.snapshot
        lines.append("  Echo      \(local)/__echo   X-Echo headers \(Self.echo(settings.echo))")
        let active = settings.activeSettings
        lines.append(
            "  Seed      \(active.seed)\(active.seedIsRandom ? " (random; replay this run with --seed \(active.seed))" : "")")
        if let profile = settings.flags.profile {
            lines.append("  Profile   \(profile): the latency, bandwidth and faults below")
        }
        lines.append("  Latency   \(active.latency)\(active.pacing == .unpaced ? "" : "   \(active.pacing)")")
        lines.append(
            "  Faults    \(Self.faults(active))\(active.routeRuleCount > 0 ? "   Route rules \(active.routeRuleCount)" : "")")
        let timelines = server.operations.timelines()
        if let run = timelines.running.first {
            let stages = run.stages.map(\.name).joined(separator: ", then ")
            lines.append("  Timeline  \(run.timeline), per \(run.per)\(run.loop ? ", looping" : ""): \(stages)")
        } else if !timelines.named.isEmpty {
            lines.append("  Timelines \(timelines.named.joined(separator: ", ")): start one with --timeline or the dashboard")
        }
        if let first = inventory?.firstRoute {
            lines.append("  Try       curl \(local)\(first)")
        }
        for warning in warnings() { lines.append("  Warning   \(warning)") }
        lines.append("Press Ctrl+C to stop.")
        return lines.joined(separator: "\n")
    }

    /// What the user should fix: screens that a route of the mock's own shadows, never served; a
    /// certificate that ends within 30 days.
    func warnings() -> [String] {
        (server.inventory()?.shadowedFiles ?? []).map { shadowed in
            "\(screensArgument)/\(shadowed.file) is never served: \(shadowed.reservedPath) belongs to the mock; rename it"
        } + (server.tls?.warnings ?? []) + server.tlsPlacementWarnings
    }

    /// The HTTPS lines: the URL, whose certificate it is, and where phones get the CA.
    private static func https(_ tls: TLSEndpoint, url: String, httpURL: String, host: String, httpPort: Int) -> [String] {
        guard let authority = tls.authority else {
            return ["  HTTPS     \(url)   your certificate (--tls-cert), until \(PEMText.day(tls.notValidAfter))"]
        }
        var lines = ["  HTTPS     \(url)   certificate from the local CA in \(shortPath(authority.certificatePath))"]
        if tls.madeAuthority {
            lines.append("            a new CA, made just now: trust it once on each device (beagle-mock ca)")
        }
        // A phone reaches the machine by its network address, over plain HTTP: it does not trust the CA yet.
        let network = HostDisplay.isWildcard(host) ? HostDisplay.networkAddresses().first : nil
        let caURL = network.map { HostDisplay.url(host: $0, port: httpPort) } ?? httpURL
        lines.append(
            "  CA        \(caURL)/__admin/ca.crt   open it on a phone to install it; beagle-mock ca says how to trust it")
        return lines
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `off`, `for every request header`, `for Authorization, beagle-platform`.
    private static func echo(_ setting: EchoSetting) -> String {
        switch setting {
        case .off: "off (--echo to turn on)"
        case .allHeaders: "for every request header"
        case .headers(let names): "for \(names.joined(separator: ", "))"
        }
    }

    /// The faults in force everywhere, or `none`.
    private static func faults(_ active: ActiveFaultSettings) -> String {
        if let sequence = active.sequence { return "sequence \(sequence)" }
        return active.faults.rules.isEmpty ? "none" : "\(active.faults)"
    }

    /// A path relative to the working folder when it lies below it.
    private static func shortPath(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: here)) ?? here
        for base in [here, real] where path.hasPrefix(base + "/") {
            return String(path.dropFirst(base.count + 1))
        }
        return path
    }
}
