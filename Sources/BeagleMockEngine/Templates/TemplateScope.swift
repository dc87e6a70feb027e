import BeagleMockHTTP
import Foundation
import Mustache

/// Everything a template can name at its root (Docs/Templates.md, "Values"): `request`, `seed`,
/// `now`, and the helpers `random`, `uuid` and `repeat`.
final class TemplateScope: MustacheParent {
    /// `request`: a ``TemplateRequest``, or sample values when a template is checked.
    let request: any MustacheParent
    /// `seed`: the seed in force.
    let seed: UInt64
    /// The time of the rendering.
    private let time: Date
    /// `now`: ``time``, ISO 8601 in UTC to the second, formatted only when a template asks.
    private(set) lazy var now = time.formatted(.iso8601)
    private let random: TemplateRandom
    /// What the rendering has spent of its limits (``ScreenTemplate/render(_:)``).
    let meter: RenderMeter

    /// The scope of one rendering; `draw` keys its random values, `meter` counts its work (the
    /// request's values charge the same meter).
    init(request: any MustacheParent, seed: UInt64, draw: UInt64, now: Date = Date(), meter: RenderMeter = RenderMeter()) {
        self.request = request
        self.seed = seed
        self.time = now
        self.random = TemplateRandom(seed: draw)
        self.meter = meter
    }

    /// The value of a name at the root. A name whose lookup draws must give a string or a number:
    /// ``VariableRun`` writes those itself and leaves any other value to the engine, which looks
    /// the name up again.
    func child(named name: String) -> Any? {
        switch name {
        case "request": request
        case "seed": seed
        case "now": meter.write(now)
        case "uuid": meter.write(random.uuid())
        case "random": RandomHelper(random: random)
        case "repeat": RepeatHelper(meter: meter)
        case TemplateSyntax.openBracesName: "{{"
        default: nil
        }
    }
}
