import ExampleSupport
import ExampleWindow
import FullscreenRotating
import Tactile

let usage = "fullscreen-rotate-window \(WindowOptions.usage) [--screen W,H]"
runExample(usage: usage, onMainThread: {
    let arguments = try Arguments(valued: WindowOptions.valued.union(["--screen"]), flags: WindowOptions.flags)
    let options = try WindowOptions(arguments)
    // A portrait screen: told, the recording's or device's, or (with neither) the window's.
    let told = try arguments.size(of: "--screen").map { Size(width: $0.0, height: $0.1) }
    let surface = try told ?? options.input.map { try $0.touchSurface() ?? Size(width: 68, height: 151) }
    var orientation = OrientationSettings()
    if let surface { orientation.screen = surface }
    var loop = try WindowLoop(title: "fullscreen-rotate", surface: surface, pixels: (340, 600), options: options,
                              orientation: orientation)
    var app = ViewWindow(app: FullscreenApp(screen: surface ?? loop.viewport.surface), duration: options.fast ? 0 : 0.35)
    try loop.run(&app)
})
