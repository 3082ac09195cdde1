import Foundation
import Tactile
import TactileBindings

/// Runs a bindings configuration over events in memory, as `tactile bind RECORDING` does:
/// recognition and binding in one stage, then its end.
func boundActions(_ config: BindingConfig, _ header: InputDevices, _ events: [InputEvent]) -> [BoundAction] {
    var stage = BindingStage(config: config, header: header)
    var input = events
    var out: [BoundAction] = []
    stage.process(&input, input.indices, into: &out)
    stage.finish(into: &out)
    return out
}
