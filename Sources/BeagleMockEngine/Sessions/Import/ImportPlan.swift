import BeagleScreens

/// What an import will write (Docs/Sessions.md): the files, each the body of one entry, and the
/// route rules, from the answers in the order the archive has them.
///
/// Answers are grouped by the file that answers them (one method, route and platform). A group
/// whose answers are all alike is one file, with a rule when its status or kept headers are not
/// the folder's own. A group whose answers differ (another body, status or kept header) replays
/// them in order: one scenario step per answer (`start`, `2`, `3`…, the last repeating), each
/// naming the file of its body; the first body keeps the route's own name, each other body gets a
/// name of its own (`feed.2.ios.json`). A run of alike answers at the end is one step, since the
/// last step repeats anyway.
struct ImportPlan: Sendable {
    /// One file to write.
    struct File: Sendable, Equatable {
        /// Below the folder, `/`-separated.
        let relativePath: String
        /// The entry whose body it is.
        let source: Int
        /// The SHA-256 of that body.
        let digest: String
        /// The body's length.
        let size: Int
        /// A screen holding `{{`, listed in `.beagle-mock-verbatim` so it is served as it is.
        let holdsTemplateMarks: Bool
        /// What it answers, for the report (`GET /feed IOS, answer 2 of 3`).
        let purpose: String

        var segments: [String] { relativePath.split(separator: "/").map(String.init) }
    }

    private(set) var files: [File] = []
    private(set) var rules: [ImportRule] = []
    /// Answers left out while planning (a name another file has), as skips of their entries.
    private(set) var notImported: [ImportSkip] = []
    /// Routes whose rules cannot be written: a rule's path would be a glob (`*`, `?`).
    private(set) var unruled: [String] = []

    /// Plans `answers` (in archive order); `keepLatency` keeps each route's wait. The names are the
    /// same from one import to the next (what the folder has of them is judged apart, by
    /// ``ExistingFile``), so that importing an archive again finds the same files.
    init(answers: [EntryAnswer], keepLatency: Bool) {
        var names = TakenNames()
        var claimed: [FileGroup] = []
        for (path, answers) in answers.groupedInOrder(by: \.target.relativePath) {
            if let clash = names.claim(path) {
                notImported += answers.map {
                    ImportSkip(index: $0.index, request: "\($0.method) \($0.route)", reason: .nameTaken(clash))
                }
            } else {
                claimed.append(FileGroup(answers: answers))
            }
        }
        for (route, groups) in claimed.groupedInOrder(by: { RouteKey(method: $0.first.method, path: $0.first.route) }) {
            plan(route, groups: groups, keepLatency: keepLatency, names: &names)
        }
    }

    /// A route: one method on one path.
    private struct RouteKey: Hashable {
        let method: String
        let path: String
    }

    /// The answers one file gives, as steps.
    private struct FileGroup {
        let answers: [EntryAnswer]

        var first: EntryAnswer { answers[0] }

        /// The answers to replay, in order, a run of alike ones at the end made one.
        var steps: [EntryAnswer] {
            var steps = answers
            while steps.count > 1, Self.alike(steps[steps.count - 1], steps[steps.count - 2]) { steps.removeLast() }
            return steps
        }

        static func alike(_ a: EntryAnswer, _ b: EntryAnswer) -> Bool {
            a.digest == b.digest && a.status == b.status && a.headers == b.headers
        }
    }

    /// Plans the files and rules of one route.
    private mutating func plan(
        _ route: RouteKey, groups: [FileGroup], keepLatency: Bool, names: inout TakenNames
    ) {
        // A rule's path is a glob: a route holding `*` or `?` cannot be named alone, so it keeps
        // its first answer, with no rule.
        let ruled = !route.path.contains("*") && !route.path.contains("?")
        let latency = keepLatency ? Self.medianWait(of: groups.flatMap(\.answers)) : nil
        // Platform variants first: their rules carry `when:`, and the plain file's rules, last,
        // catch every other client.
        let ordered = groups.filter { $0.first.platform != nil } + groups.filter { $0.first.platform == nil }
        var stepsOf: [[EntryAnswer]] = []
        for group in ordered {
            let steps = ruled ? group.steps : [group.first]
            stepsOf.append(steps)
        }
        let needs = zip(ordered, stepsOf).map { group, steps in
            steps.count > 1 || steps[0].status != 200 || !steps[0].headers.isEmpty
        }
        if !ruled, needs.contains(true) || latency != nil {
            unruled.append("\(route.method) \(route.path)")
        }
        let plainHasRules = ordered.last?.first.platform == nil && (needs.last == true)
        for (position, group) in ordered.enumerated() {
            let steps = stepsOf[position]
            let files = nameFiles(of: group, steps: steps, names: &names)
            guard ruled else { continue }
            let platform = group.first.platform
            // A platform variant needs a rule of its own when the plain file has rules, or those
            // would answer it; with nothing else to say, that rule only keeps them off.
            let needsRule = needs[position] || (platform != nil && plainHasRules)
            let alone = !needs.contains(true)
            if alone {
                // Only latency to say: one rule for every client of the route.
                if let latency, position == 0 {
                    rules.append(
                        ImportRule(
                            path: route.path, method: route.method, platform: nil, step: nil, file: nil, status: nil,
                            headers: [], latency: latency))
                }
                continue
            }
            guard needsRule || latency != nil else { continue }
            if steps.count == 1 {
                let answer = steps[0]
                let responds = answer.status != 200 || !answer.headers.isEmpty
                rules.append(
                    ImportRule(
                        path: route.path, method: route.method, platform: platform, step: nil,
                        file: responds ? files[answer.digest] : nil, status: answer.status == 200 ? nil : answer.status,
                        headers: answer.headers, latency: latency))
                continue
            }
            let scenario = "\(route.method) \(route.path)" + (platform.map { " " + $0.rawValue } ?? "")
            for (number, answer) in steps.enumerated() {
                rules.append(
                    ImportRule(
                        path: route.path, method: route.method, platform: platform,
                        step: ImportRule.Step(scenario: scenario, number: number + 1, count: steps.count),
                        file: files[answer.digest], status: answer.status == 200 ? nil : answer.status,
                        headers: answer.headers, latency: latency))
            }
        }
    }

    /// Plans one file per distinct body of `steps`: the first under the group's own name, the
    /// others under a name of their own; returns each body's file by digest.
    private mutating func nameFiles(
        of group: FileGroup, steps: [EntryAnswer], names: inout TakenNames
    ) -> [String: String] {
        var byDigest: [String: String] = [:]
        let first = group.first
        let platformPart = first.platform.map { " " + $0.rawValue } ?? ""
        var bodies = 0
        for (number, answer) in steps.enumerated() where byDigest[answer.digest] == nil {
            bodies += 1
            let path: String
            if bodies == 1 {
                path = first.target.relativePath
            } else if let stepPath = names.claimStep(
                bodies, of: first.target, method: first.method, platform: first.platform)
            {
                path = stepPath
            } else {
                // No free name: the step answers with the route's own file, and says so.
                notImported.append(
                    ImportSkip(
                        index: answer.index, request: "\(answer.method) \(answer.route)",
                        reason: .nameTaken("no free name for its answer \(number + 1) beside \(first.target.relativePath)")))
                byDigest[answer.digest] = first.target.relativePath
                continue
            }
            byDigest[answer.digest] = path
            let purpose =
                "\(first.method) \(first.route)\(platformPart)"
                + (steps.count > 1 ? ", answer \(number + 1) of \(steps.count)" : "")
            files.append(
                File(
                    relativePath: path, source: answer.index, digest: answer.digest, size: answer.size,
                    holdsTemplateMarks: answer.holdsTemplateMarks, purpose: purpose))
        }
        return byDigest
    }

    /// The median `timings.wait` of `answers`, rounded to whole milliseconds; nil when none is
    /// known or it is under 1 ms.
    static func medianWait(of answers: [EntryAnswer]) -> Int? {
        let waits = answers.compactMap(\.wait).sorted()
        guard !waits.isEmpty else { return nil }
        let middle = waits.count / 2
        let median = waits.count % 2 == 1 ? waits[middle] : (waits[middle - 1] + waits[middle]) / 2
        // A wait of more than an hour is no latency to replay (and would not fit a rule).
        let rounded = Int(min(median, 3_600_000).rounded())
        return rounded >= 1 ? rounded : nil
    }
}
