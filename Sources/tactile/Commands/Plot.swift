import ArgumentParser
import Tactile
import TactilePictures

struct Plot: PictureCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a recording and its gestures as an SVG picture.",
        discussion: """
            One panel per device. A touch device is drawn to scale in mm: each contact's path \
            in the colour of its id, a ring where it touched down (labelled with its id and \
            time), a square where it lifted (hollow if still down), and a dot every so often \
            (the legend says how often); each gesture is marked where it happened: taps with \
            their count, pan and swipe arrows, pinch with its scale, rotate as an arc with its \
            angle, peek, pop and clicks. An accelerometer is drawn as its samples over time \
            above a band of the orientations decided. Gestures are recognized on the whole \
            recording as `recognize` does, then only the window is drawn.
            """)

    @OptionGroup var picture: PictureOptions

    @Option(name: .shortAndLong, help: "Where to write the SVG (default: standard output).", completion: .file())
    var output: String = "-"

    static let label = "plot"

    static func render(_ scene: Scene) -> String { PlotRenderer.svg(scene) }
}
