import ExampleSupport
import Tactile

await runExample(usage: "rotating-gallery [INPUT | --device NODE...] [--screen W,H] [--lock ORIENTATION] [--allowed LIST]") {
    let arguments = try Arguments(valued: ["--device", "--screen", "--lock", "--allowed"])
    let input = try ExampleInput(arguments)
    let screen = try arguments.size(of: "--screen").map { Size(width: $0.0, height: $0.1) }
        ?? input.touchSurface() ?? Size(width: 68, height: 151)
    // docs:begin lock-allowed
    var orientation = OrientationSettings()
    orientation.screen = screen
    if let lock = arguments.value(of: "--lock") {
        guard let o = InterfaceOrientation(rawValue: lock) else { throw UsageError("--lock: no orientation '\(lock)'") }
        orientation.lock = o
    }
    if let list = arguments.value(of: "--allowed") {
        let allowed = list.split(separator: ",").map { InterfaceOrientation(rawValue: String($0)) }
        guard !allowed.isEmpty, allowed.allSatisfy({ $0 != nil }) else { throw UsageError("--allowed: '\(list)'") }
        orientation.allowed = Set(allowed.compactMap { $0 })
    }
    // docs:end lock-allowed
    var gallery = Gallery(screen: screen, settings: orientation)
    try await input.forEachEvent { event in
        gallery.handle(event)?.write()
    }
}
