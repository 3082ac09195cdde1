// SDL2 from Debian (libsdl2-dev) for the windowed examples; pkg-config sdl2 gives the
// include path. Macros Swift cannot import are given here as constants and functions.
#include <SDL.h>

/// SDL_WINDOWPOS_UNDEFINED (a function-like macro): let the window manager place the window.
static const int tactile_windowpos_undefined = SDL_WINDOWPOS_UNDEFINED;

/// SDL_TOUCH_MOUSEID (a cast macro): the `which` of mouse events SDL made from touches.
static const Uint32 tactile_touch_mouse_id = SDL_TOUCH_MOUSEID;

/// SDL_BUTTON_LMASK (a function-like macro): the left button in a motion event's state.
static const Uint32 tactile_button_left_mask = SDL_BUTTON_LMASK;

/// SDL_SaveBMP (a macro over SDL_SaveBMP_RW): a surface written to a BMP file.
static inline int tactile_save_bmp(SDL_Surface *surface, const char *file) {
    return SDL_SaveBMP(surface, file);
}
