import Tactile
import TactileJSON

extension ServiceMailbox {
    /// Handlers for a `LiveSession` that serves: each device added or removed, the count of
    /// accelerometers, and every recognized line with its `recognize --json` bytes are
    /// posted here; `warning` hears what the session went on without.
    public func liveHandlers(warning: @escaping (String) -> Void) -> LiveSession.Handlers<RecognizedEvent> {
        var accelerometers: Set<Int> = []
        var text = JSONOutput()
        var memo = GestureLineMemo()
        return LiveSession.Handlers<RecognizedEvent>(
            added: { device, node in
                self.post(.deviceAdded(device, node: node))
                if device.kind == .accelerometer {
                    accelerometers.insert(device.id)
                    self.post(.accelerometers(accelerometers.count))
                }
                return true
            },
            removed: { id in
                self.post(.deviceRemoved(id))
                if accelerometers.remove(id) != nil { self.post(.accelerometers(accelerometers.count)) }
            },
            warning: warning,
            lines: { lines in
                for line in lines {
                    text.clear()
                    line.encodeLine(into: &text, memo: &memo)
                    self.post(.line(line, text.bytes))
                }
                lines.removeAll(keepingCapacity: true)
            })
    }
}
