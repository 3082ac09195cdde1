import Tactile

/// Gesture thresholds from a JSON file and `--set NAME=VALUE`, in the units
/// `GestureSettings.keys` names.
enum SettingsLoader {
    static func load(config: String?, overrides: [String]) throws -> GestureSettings {
        var settings = GestureSettings()
        if let config {
            let bytes = try InputFile.readAll(config, limit: 1 << 20)
            let value: JSONValue
            do {
                value = try JSONValue.parse(bytes)
            } catch {
                throw TactileError(.badData, file: config, "not valid JSON: \(error.message) (byte \(error.column))")
            }
            guard case .object(let members) = value else {
                throw TactileError(.badData, file: config, "the configuration must be a JSON object of NAME: number")
            }
            for (name, v) in members {
                guard case .number(let n) = v else {
                    throw TactileError(.badData, file: config, "\(name) must be a number, not \(v.typeName)")
                }
                do { try settings.set(name, n) } catch { throw TactileError(.badData, file: config, error.message) }
            }
        }
        for item in overrides {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let n = Double(parts[1]) else {
                throw TactileError(.usage, "--set \(item): expected NAME=NUMBER")
            }
            do { try settings.set(String(parts[0]), n) } catch { throw TactileError(.usage, "--set \(item): \(error.message)") }
        }
        return settings
    }

    static func describe() -> String {
        let d = GestureSettings()
        func value(_ name: String) -> String {
            switch name {
            case "touchSlop": return "\(d.touchSlop.value)"
            case "tapMaxDuration": return "\(d.tapMaxDuration.milliseconds)"
            case "multiTapInterval": return "\(d.multiTapInterval.milliseconds)"
            case "multiTapSlop": return "\(d.multiTapSlop.value)"
            case "longPressMinDuration": return "\(d.longPressMinDuration.milliseconds)"
            case "swipeMinVelocity": return "\(d.swipeMinVelocity)"
            case "swipeMinDistance": return "\(d.swipeMinDistance.value)"
            case "velocityWindow": return "\(d.velocityWindow.milliseconds)"
            case "swipeMaxAngle": return "\((d.swipeMaxAngle * 180 / Double.pi).rounded())"
            case "edgeZone": return "\(d.edgeZone.value)"
            case "edgeSwipeMinDistance": return "\(d.edgeSwipeMinDistance.value)"
            case "edgeSwipeMaxDuration": return "\(d.edgeSwipeMaxDuration.milliseconds)"
            case "pinchSlop": return "\(d.pinchSlop.value)"
            case "rotationSlop": return "\((d.rotationSlop * 180 / Double.pi).rounded())"
            case "peekPressure": return "\(d.peekPressure)"
            case "popPressure": return "\(d.popPressure)"
            case "pressureHysteresis": return "\(d.pressureHysteresis)"
            case "touchpadTouchSlop": return "\(d.touchpadTouchSlop.value)"
            case "thumbZone": return "\(d.thumbZone)"
            case "pinDistance": return "\(d.pinDistance.value)"
            case "clickButtonAreas": return "\(Int(d.clickButtonAreas))"
            case "buttonAreaHeight": return "\(d.buttonAreaHeight.value)"
            default: return "?"
            }
        }
        var text = ""
        for (name, unit) in GestureSettings.keys {
            text += name.padding(22) + value(name).padding(8) + unit + "\n"
        }
        return text
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
