import BeagleScreens
import Foundation

/// `beagle-mock import SESSION.har --into DIR` (Docs/Sessions.md): a captured session made into a
/// screens folder that answers its requests as the BFF did.
///
/// The archive is read (``SessionArchive``), the base URL chosen (``ImportBaseURL``), each entry
/// mapped to the file that answers it (``EntryMapping``), the files and rules planned
/// (``ImportPlan``, ``ImportRuleFile``), checked against what the folder holds (``ExistingFile``),
/// written where no one reads them and put in place at once (``StagedFolder``), and checked as
/// `beagle-mock validate` checks a folder (``FolderCheck``).
package struct SessionImport: Sendable {
    /// The archive's path, and as the user wrote it.
    package let archive: String
    /// The folder's path, as the user wrote it.
    package let folder: String
    /// `--base-url`; nil to take the most common origin.
    package let base: ImportBaseURL?
    /// `--keep-latency`.
    package let keepLatency: Bool
    /// `--force`: files of the folder may be replaced.
    package let force: Bool
    /// `--max-body-size`, in bytes.
    package let maxBodySize: Int

    package init(archive: String, folder: String, base: ImportBaseURL?, keepLatency: Bool, force: Bool, maxBodySize: Int) {
        self.archive = archive
        self.folder = folder
        self.base = base
        self.keepLatency = keepLatency
        self.force = force
        self.maxBodySize = maxBodySize
    }

    /// Imports; an error means nothing was written.
    package func run() throws(ImportError) -> ImportReport {
        let archive = try SessionArchive.read(path: self.archive, shownAs: self.archive)
        let urls = archive.entries.map { entry in (try? entry.get()).map { EntryURL.parse($0.request.url) } }
        let (base, chosenFrom) = try chooseBase(archive: archive, urls: urls)
        let mapping = EntryMapping(base: base, limit: maxBodySize)
        let outcomes = Array(archive.entries.indices).concurrentMap { index -> Result<EntryAnswer, ImportSkip>? in
            switch (archive.entries[index], urls[index]) {
            case (.success(let entry), .some(let url)):
                mapping.map(entry, index: index, url: url)
            case (.failure(let problem), _):
                .failure(ImportSkip(index: index, request: "", reason: .unreadable(problem.description)))
            case (.success, .none):
                nil
            }
        }
        var answers: [EntryAnswer] = []
        var skipped: [ImportSkip] = []
        var notImported: [ImportSkip] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let answer): answers.append(answer)
            case .failure(let skip) where skip.reason.isByDesign: skipped.append(skip)
            case .failure(let skip): notImported.append(skip)
            case nil: break
            }
        }
        let existing = FileStatus.stat(folder)?.kind == .directory ? ContainedRoot.realPath(folder) : nil
        let plan = ImportPlan(answers: answers, keepLatency: keepLatency)
        notImported += plan.notImported
        notImported.sort { $0.index < $1.index }
        var files = plan.files.map {
            StagedFile(relativePath: $0.relativePath, content: .entry($0.source), size: $0.size, digest: $0.digest)
        }
        var configuration: MockConfiguration?
        if !plan.rules.isEmpty {
            let (file, read) = try ruleFile(plan.rules, base: base)
            files.append(file)
            configuration = read
        }
        let verbatim = plan.files.filter(\.holdsTemplateMarks).map { (relativePath: $0.relativePath, digest: $0.digest) }
        let outcome =
            files.isEmpty
            ? Outcome() : try write(files, verbatim: verbatim, archive: archive, into: existing, configuration: configuration)
        let purposes = Dictionary(plan.files.map { ($0.relativePath, $0.purpose) }) { first, _ in first }
        return ImportReport(
            folder: folder, base: base, chosenFrom: chosenFrom,
            sharedPrefix: chosenFrom == nil ? nil : Self.sharedPrefix(of: answers),
            entries: archive.entries.count,
            written: outcome.written.filter { $0.relativePath != ConfigLoader.fileName }.map {
                ImportReport.Written(
                    path: $0.relativePath, size: $0.size, purpose: purposes[$0.relativePath] ?? "",
                    replaced: outcome.replaced.contains($0.relativePath))
            },
            unchanged: outcome.unchanged.filter { $0 != ConfigLoader.fileName }, rules: plan.rules,
            wroteRules: outcome.written.contains { $0.relativePath == ConfigLoader.fileName }, skipped: skipped,
            notImported: notImported, unruled: plan.unruled, diagnostics: outcome.diagnostics)
    }

    /// What writing the files did.
    private struct Outcome {
        var written: [StagedFile] = []
        var replaced: Set<String> = []
        var unchanged: [String] = []
        /// What `validate` says of the files written.
        var diagnostics: [Diagnostic] = []
    }

    /// `--base-url`, or the origin most entries went to, with that count.
    private func chooseBase(archive: SessionArchive, urls: [Result<EntryURL, EntryURL.Refusal>?]) throws(ImportError)
        -> (ImportBaseURL, Int?)
    {
        if let base { return (base, nil) }
        let candidates = zip(archive.entries, urls).compactMap { entry, url -> EntryURL? in
            guard case .success(let entry) = entry, entry.request.method.uppercased() != "CONNECT",
                case .success(let parsed) = url
            else { return nil }
            return parsed
        }
        guard let (base, count) = ImportBaseURL.mostCommon(among: candidates) else {
            throw ImportError(
                "'\(archive.entries.isEmpty ? "the archive" : self.archive)' has no entry with an http or https URL; nothing to import"
            )
        }
        return (base, count)
    }

    /// `beagle-mock.yml` with `rules`, and the configuration it is once read back as the server
    /// reads it, before anything is written.
    private func ruleFile(_ rules: [ImportRule], base: ImportBaseURL) throws(ImportError) -> (StagedFile, MockConfiguration) {
        let comment = """
            Made by beagle-mock import from a session with the BFF at \(base).
            A route that answered differently replays its answers in order, as a scenario whose last
            answer repeats; POST /__admin/reset starts them over. Docs/Sessions.md says more.
            """
        let text = try ImportRuleFile.text(rules: rules, comment: comment)
        let configuration: MockConfiguration
        do {
            configuration = try ConfigLoader.parse(yaml: text, file: ConfigLoader.fileName)
        } catch {
            throw ImportError("the rules written would not load (\(error.message)); please report this with the archive")
        }
        let bytes = Array(text.utf8)
        let file = StagedFile(
            relativePath: ConfigLoader.fileName, content: .bytes(bytes), size: bytes.count,
            digest: VerbatimList.digest(of: bytes))
        return (file, configuration)
    }

    /// Checks `files` against the folder, stages and publishes them, and checks the result.
    private func write(
        _ files: [StagedFile], verbatim: [(relativePath: String, digest: String)], archive: SessionArchive,
        into existing: String?, configuration: MockConfiguration?
    ) throws(ImportError) -> Outcome {
        var outcome = Outcome()
        var blocked: [String] = []
        for file in files {
            let found = existing.map { ExistingFile.at(file.relativePath, in: $0, size: file.size, digest: file.digest) } ?? .none
            switch found {
            case .none: outcome.written.append(file)
            case .same: outcome.unchanged.append(file.relativePath)
            case .other:
                outcome.written.append(file)
                outcome.replaced.insert(file.relativePath)
            case .blocked(let why): blocked.append(why)
            }
        }
        if !blocked.isEmpty {
            throw ImportError("cannot import into '\(folder)': " + Self.listed(blocked) + "; nothing was written")
        }
        if !outcome.replaced.isEmpty, !force {
            throw ImportError(
                "'\(folder)' has other files of these names: " + Self.listed(outcome.replaced.sorted())
                    + "; nothing was written (--force replaces them)")
        }
        // The folder's list of files served as they are, with a line for each screen holding `{{`.
        var verbatimText: String?
        if !verbatim.isEmpty {
            let current = existing.map(VerbatimList.currentText(root:)) ?? ""
            let text = VerbatimList.text(current, adding: verbatim)
            if text != current { verbatimText = text }
        }
        let staged = try StagedFolder.prepare(destination: folder, shownAs: folder)
        let limit = maxBodySize
        // Each file on its own: written on every core.
        let failures = outcome.written.concurrentMap { file -> ImportError? in
            do throws(ImportError) {
                try staged.write(try file.bytes(in: archive, limit: limit), as: file.segments)
                return nil
            } catch {
                return error
            }
        }
        var failure = failures.lazy.compactMap { $0 }.first
        if failure == nil, let verbatimText {
            do throws(ImportError) {
                try staged.write(Array(verbatimText.utf8), as: [VerbatimList.fileName])
            } catch {
                failure = error
            }
        }
        if let failure {
            staged.discard()
            throw failure
        }
        var published = outcome.written.map(\.relativePath)
        var replacing = outcome.replaced
        if verbatimText != nil {
            // Listed before the files are seen: a file with `{{` is never served as a template.
            published.insert(VerbatimList.fileName, at: 0)
            replacing.insert(VerbatimList.fileName)
        }
        try staged.publish(published, replacing: replacing)
        // The screens written, checked as `validate` checks them; the rules were read back already.
        // The config the folder has now: the one written, else the one it had.
        let written = outcome.written.contains { $0.relativePath == ConfigLoader.fileName } ? configuration : nil
        outcome.diagnostics =
            (try? FolderCheck.screens(screensFolder: folder, only: Set(published), configuration: written))?.diagnostics ?? []
        return outcome
    }

    /// The first segment every route below a chosen base URL starts with, when there are routes of
    /// more than one name: a path the base URL probably has (`/api`).
    static func sharedPrefix(of answers: [EntryAnswer]) -> String? {
        let firsts = Set(answers.map { $0.route.split(separator: "/").first.map(String.init) ?? "" })
        guard firsts.count == 1, let first = firsts.first, !first.isEmpty, Set(answers.map(\.route)).count > 1 else { return nil }
        return first
    }

    /// `a, b, c and 4 more`.
    private static func listed(_ items: [String]) -> String {
        let shown = items.prefix(5).joined(separator: ", ")
        return items.count > 5 ? shown + " and \(items.count - 5) more" : shown
    }
}

/// One file an import stages: an entry's body, decoded again when written, or bytes made here.
private struct StagedFile: Sendable {
    let relativePath: String
    let content: Content
    let size: Int
    let digest: String

    enum Content: Sendable {
        /// The body of the entry at this place in the archive.
        case entry(Int)
        case bytes([UInt8])
    }

    var segments: [String] { relativePath.split(separator: "/").map(String.init) }

    /// The bytes to write.
    func bytes(in archive: SessionArchive, limit: Int) throws(ImportError) -> [UInt8] {
        switch content {
        case .bytes(let bytes):
            return bytes
        case .entry(let index):
            guard case .success(let entry) = archive.entries[index],
                case .success(let bytes) = EntryBody.bytes(
                    of: entry.response.content,
                    contentEncoding: KeptHeaders.value(of: "Content-Encoding", in: entry.response.headers),
                    contentType: EntryMapping.contentType(of: entry.response), limit: limit)
            else { throw ImportError("the body of entries[\(index)] could not be read a second time") }
            return bytes
        }
    }
}
