import BeagleMockHTTP

/// The most work one rendering of a template may do (Docs/Templates.md, "Limits"): passes over
/// sections (each `{{#repeat}}` round and each element of a body array a section walks) and
/// bytes written, counted over the whole rendering, however the sections nest. Past either, the
/// request gets 500 with the template error JSON, and `validate` a diagnostic.
///
/// Set in the config as `templateLimits: {iterations: 100000, output: 16MiB}`.
package struct TemplateLimits: Sendable, Hashable {
    /// The most passes over sections in one rendering.
    package var iterations: Int
    /// The most bytes one rendering writes.
    package var outputBytes: Int

    /// A rendering may make `iterations` passes over sections and write `outputBytes` bytes.
    package init(iterations: Int, outputBytes: Int) {
        self.iterations = iterations
        self.outputBytes = outputBytes
    }

    /// The defaults: 100,000 passes and 16 MiB, far above any screen (a list of 10,000 items in
    /// a repeat of 10 is 100,000 passes) and a fraction of a second of work.
    package static let standard = TemplateLimits(iterations: 100_000, outputBytes: 16 << 20)

    /// What a rendering may do on the request's own task before it is moved to the render thread
    /// (``TemplateRenderThread``): a few milliseconds of work.
    static let inline = TemplateLimits(iterations: 2_000, outputBytes: 256 << 10)

    /// The smaller of each limit.
    func capped(by other: TemplateLimits) -> TemplateLimits {
        TemplateLimits(iterations: min(iterations, other.iterations), outputBytes: min(outputBytes, other.outputBytes))
    }

    /// The highest iterations accepted in the config.
    static let highestIterations = 100_000_000
    /// The highest output accepted in the config: a rendering is held in memory whole.
    static let highestOutput = ByteSize(bytes: 1 << 30)

    /// Checks limits read from the config: at least one pass and one byte, at most
    /// ``highestIterations`` and ``highestOutput``.
    static func validate(iterations: Int?, output: ByteSize?) throws(SpecError) -> TemplateLimits {
        var limits = standard
        if let iterations {
            guard (1...highestIterations).contains(iterations) else {
                throw SpecError("templateLimits.iterations must be from 1 to \(highestIterations), not \(iterations)")
            }
            limits.iterations = iterations
        }
        if let output {
            guard output.bytes >= 1, output.bytes <= highestOutput.bytes else {
                throw SpecError(
                    "templateLimits.output must be from 1B to \(highestOutput): a rendering is held in memory whole")
            }
            limits.outputBytes = Int(output.bytes)
        }
        return limits
    }
}
