import TactileJSON
/// Thresholds from a JSON file and from `NAME=VALUE` overrides, in the units
/// `GestureSettings.all` names: what `tactile recognize --config/--set` and `bind`'s
/// `--set` read, for any program that lets its users tune recognition the same way.
extension GestureSettings {
    /// The defaults, then each member of the JSON object in `config` (NAME: number; at most
    /// 1 MiB), then each `overrides` item. Errors name the file, or the override.
    public static func load(config: String?, overrides: [String]) throws -> GestureSettings {
        var settings = GestureSettings()
        if let config {
            let bytes = try InputFile.readAll(config, limit: 1 << 20)
            let value: JSONValue
            do throws(JSONScanner.Failure) {
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
        try settings.apply(overrides)
        return settings
    }

    /// Each `NAME=VALUE` of `overrides` (as `--set` gives them), in order; a usage error
    /// naming the item otherwise.
    public mutating func apply(_ overrides: [String]) throws(TactileError) {
        for item in overrides {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let n = Double(parts[1]) else {
                throw TactileError(.usage, "--set \(item): expected NAME=NUMBER")
            }
            do { try set(String(parts[0]), n) } catch { throw TactileError(.usage, "--set \(item): \(error.message)") }
        }
    }

    /// Every setting with its default and unit, one per line in three columns (what
    /// `--list-settings` prints).
    public static var table: String {
        let defaults = GestureSettings()
        var text = ""
        for setting in all {
            let v = setting.read(defaults)
            let shown = setting.unit == "0 or 1" ? "\(Int(v))" : "\(v)"
            text += column(setting.name, 22) + column(shown, 8) + setting.unit + "\n"
        }
        return text
    }

    private static func column(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
