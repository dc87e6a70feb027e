import BeagleMockHTTP

/// What one rendering of a template has spent of its ``TemplateLimits``, and whether it must
/// stop: every pass over a section and every value written is charged here, by the helpers and
/// values a template names (``TemplateScope``, ``TemplateRequest``, ``TemplateJSON``,
/// ``RepeatHelper``), so the limits hold for the whole rendering however its sections nest.
///
/// The engine cannot be interrupted, so a stop is made of what it asks next: once the meter has
/// stopped, every section ends at its next pass and every value writes nothing, and the rendering
/// runs out in a few steps. A pass is charged the length of its section's text in the template
/// (``TemplateSyntax/sectionCosts``), an upper bound of the text it writes besides its values;
/// values are charged their own length. The meter also stops when `isAbandoned` says so (the
/// client left, the server is stopping), asked every few hundred charges.
///
/// One rendering's, on one thread: a class, not shared.
final class RenderMeter {
    /// Why a rendering stopped.
    enum Stop: Sendable, Equatable {
        /// More passes over sections than the limit.
        case iterations
        /// More bytes than the limit.
        case output
        /// Nobody waits for the rendering any more.
        case abandoned
    }

    let limits: TemplateLimits
    /// What a pass over each section costs, by the section's key (``TemplateSyntax``); set by the
    /// template being rendered.
    var costs = TemplateSyntax.SectionCosts()
    /// Passes over sections so far.
    private(set) var iterations = 0
    /// Bytes charged so far.
    private(set) var bytes = 0
    /// Why it stopped; nil while the rendering may go on.
    private(set) var stopped: Stop?
    /// The section whose pass was charged last: where a rendering that goes over stood.
    private(set) var lastSection: TemplateSyntax.SectionCost?

    private let isAbandoned: () -> Bool
    /// Charges left before `isAbandoned` is asked again.
    private var untilCheck = RenderMeter.checkEvery
    private static let checkEvery = 256

    /// A meter for `limits`, stopping early when `isAbandoned` returns true.
    init(limits: TemplateLimits = .standard, isAbandoned: @escaping () -> Bool = { false }) {
        self.limits = limits
        self.isAbandoned = isAbandoned
    }

    /// Charges one pass over the section `key` names; false when the rendering must stop instead.
    func pass(_ key: String) -> Bool {
        guard stopped == nil else { return false }
        let section = costs.cost(of: key)
        lastSection = section
        iterations += 1
        if iterations > limits.iterations {
            stopped = .iterations
            return false
        }
        return charge(section.bytes)
    }

    /// Charges a value of `count` bytes; false when it must not be written.
    func write(_ count: Int) -> Bool {
        guard stopped == nil else { return false }
        return charge(count)
    }

    /// `text` when it may be written, nil (nothing written) once the meter has stopped.
    func write(_ text: String) -> String? {
        write(text.utf8.count) ? text : nil
    }

    /// Checks the length of the whole rendering: `count` bytes, exactly.
    func checkTotal(_ count: Int) {
        if stopped == nil, count > limits.outputBytes { stopped = .output }
    }

    private func charge(_ count: Int) -> Bool {
        bytes += count
        if bytes > limits.outputBytes {
            stopped = .output
            return false
        }
        untilCheck -= 1
        if untilCheck <= 0 {
            untilCheck = Self.checkEvery
            if isAbandoned() {
                stopped = .abandoned
                return false
            }
        }
        return true
    }
}
