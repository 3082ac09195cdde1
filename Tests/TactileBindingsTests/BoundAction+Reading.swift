import Tactile
@testable import TactileBindings

/// What the tests read of an action, whichever it is: a command's parts (empty for a
/// built-in action) and a built-in action's events (empty for a command). The library
/// keeps the two apart (`BoundAction.Effect`); a test asks "what runs" either way.
extension BoundAction {
    var argv: [String] { if case .command(let c) = effect { c.argv } else { [] } }
    var environment: [CommandInvocation.Variable] { if case .command(let c) = effect { c.environment } else { [] } }
    var stdin: String? { if case .command(let c) = effect { c.stdin } else { nil } }
    var input: [EvdevEvent] { if case .input(let events) = effect { events } else { [] } }
    /// The device a claim takes the touches of; nil for any other action.
    var claimedDevice: Int? { if case .claim(let device) = effect { device } else { nil } }
}
