import BeagleScreens

/// What an import did (Docs/Sessions.md, "The report"): the base URL, one line per file written
/// or left as it was and per rule, the entries skipped (grouped by reason) and not imported (one
/// line each), and what `beagle-mock validate` says of the files written.
package struct ImportReport: Sendable {
    /// The folder as the user wrote it.
    let folder: String
    package let base: ImportBaseURL
    /// How many entries went to the base URL's origin when it was chosen as the most common one;
    /// nil when `--base-url` named it.
    let chosenFrom: Int?
    /// The first segment every route starts with, when the base URL was chosen: what `--base-url`
    /// could strip.
    let sharedPrefix: String?
    /// The archive's entries.
    let entries: Int
    /// A file written, and what it answers.
    struct Written: Sendable, Equatable {
        let path: String
        let size: Int
        let purpose: String
        /// Whether it took an existing file's place (`--force`).
        let replaced: Bool
    }
    let written: [Written]
    /// Files already there with the same bytes, left as they are.
    let unchanged: [String]
    /// The rules of the `beagle-mock.yml` written, in order; empty when none was written.
    let rules: [ImportRule]
    /// Whether `beagle-mock.yml` was written (it is left alone when it holds these rules already).
    let wroteRules: Bool
    /// Entries that are no answer of the BFF's routes.
    let skipped: [ImportSkip]
    /// Answers of the BFF that could not be made into files.
    let notImported: [ImportSkip]
    /// Routes whose files were written without their rules (`GET /a*b`).
    let unruled: [String]
    /// What `validate` says of the files written, paths below the folder.
    let diagnostics: [Diagnostic]

    /// Whether something of the BFF's could not be imported: the command's exit code 1.
    package var isIncomplete: Bool { !notImported.isEmpty || !unruled.isEmpty }

    /// Whether the import wrote nothing and found nothing there already.
    package var isEmpty: Bool { written.isEmpty && unchanged.isEmpty && rules.isEmpty }

    /// The report as lines for a terminal or a log.
    package var text: String {
        var lines: [String] = []
        let chosen = chosenFrom.map { " (the most common origin: \($0) of \(entries) entries)" } ?? ""
        lines.append("base URL \(base)\(chosen)")
        if let sharedPrefix {
            lines.append("  every route starts with /\(sharedPrefix): --base-url \(base)/\(sharedPrefix) strips it")
        }
        for file in written {
            lines.append("\(file.replaced ? "replaced" : "wrote") \(shown(file.path)) (\(file.size) bytes): \(file.purpose)")
        }
        for path in unchanged { lines.append("unchanged \(shown(path)): the same bytes are there") }
        if !rules.isEmpty {
            let count = rules.count == 1 ? "1 rule" : "\(rules.count) rules"
            lines.append("\(wroteRules ? "wrote" : "unchanged") \(shown(ConfigLoader.fileName)): \(count)")
            lines += rules.map { "  rule \($0.summary)" }
        }
        for (reason, group) in skipped.groupedInOrder(by: \.reason.description) {
            let which =
                group.count == 1
                ? "\(Self.place(group[0])) \(group[0].request)"
                : group.prefix(3).map(Self.place).joined(separator: ", ") + (group.count > 3 ? ", …" : "")
            lines.append("skipped \(group.count == 1 ? "1 entry" : "\(group.count) entries"): \(reason) (\(which))")
        }
        for skip in notImported {
            lines.append("not imported \(Self.place(skip))\(skip.request.isEmpty ? "" : " " + skip.request): \(skip.reason)")
        }
        for route in unruled {
            lines.append("not imported: the rules of \(route): a rule's path is a glob, and this one holds * or ?")
        }
        lines += diagnostics.map { $0.inFolder(folder).description }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// `240 entries: 14 files written, 1 unchanged, 5 rules; 30 skipped, 1 not imported; 0 errors, 2 warnings`.
    package var summary: String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var made = ["\(count(written.count, "file")) written"]
        if !unchanged.isEmpty { made.append("\(unchanged.count) unchanged") }
        made.append(count(rules.count, "rule"))
        return "\(entries == 1 ? "1 entry" : "\(entries) entries"): "
            + made.joined(separator: ", ")
            + "; \(skipped.count) skipped, \(notImported.count + unruled.count) not imported"
            + "; validate: \(count(errors, "error")), \(count(warnings, "warning"))"
    }

    private func shown(_ relative: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + relative
    }

    /// `entries[12]`: an entry's place, as `jq '.log.entries[12]'` finds it.
    static func place(_ skip: ImportSkip) -> String { "entries[\(skip.index)]" }

}
