import Tactile

/// Gesture thresholds from a JSON file and `--set NAME=VALUE`, in the units
/// `GestureSettings.all` names.
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
        try apply(overrides, to: &settings)
        return settings
    }

    /// Each `--set NAME=VALUE`, over `settings`.
    static func apply(_ overrides: [String], to settings: inout GestureSettings) throws {
        for item in overrides {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let n = Double(parts[1]) else {
                throw TactileError(.usage, "--set \(item): expected NAME=NUMBER")
            }
            do { try settings.set(String(parts[0]), n) } catch { throw TactileError(.usage, "--set \(item): \(error.message)") }
        }
    }

    static func describe() -> String {
        let defaults = GestureSettings()
        var text = ""
        for setting in GestureSettings.all {
            let v = setting.read(defaults)
            let shown = setting.unit == "0 or 1" ? "\(Int(v))" : "\(v)"
            text += setting.name.padding(22) + shown.padding(8) + setting.unit + "\n"
        }
        return text
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
