import ExampleSupport
import FullscreenRotating
import Tactile

// fullscreen-rotate [INPUT | --device NODE...] [--screen W,H]
await runExample(usage: "fullscreen-rotate [INPUT | --device NODE...] [--screen W,H]") {
    let arguments = try Arguments(valued: ["--device", "--screen"])
    let input = try ExampleInput(arguments)
    let screen = try arguments.size(of: "--screen").map { Size(width: $0.0, height: $0.1) }
        ?? input.touchSurface() ?? Size(width: 68, height: 151)
    var orientation = OrientationSettings()
    orientation.screen = screen
    var app = FullscreenApp(screen: screen)
    var started = false
    try await input.forEachEvent(orientation: orientation) { event in
        if !started {
            app.start(at: event.time).write()
            started = true
        }
        for line in app.handle(event) { line.write() }
    }
}
