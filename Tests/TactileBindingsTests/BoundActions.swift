import Foundation
import Tactile
import TactileBindings

/// Runs a bindings configuration over events in memory, as `tactile bind RECORDING` does:
/// recognition and binding in one stage, then its end (with `claiming`, as under
/// `--pass-through`).
func boundActions(_ config: BindingConfig, _ header: InputDevices, _ events: [InputEvent], claiming: Bool = false) -> [BoundAction] {
    var stage = BindingStage(config: config, header: header, claiming: claiming)
    var input = events
    var out: [BoundAction] = []
    stage.process(&input, input.indices, into: &out)
    stage.finish(into: &out)
    return out
}
