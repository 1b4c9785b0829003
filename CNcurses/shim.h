#ifndef FREMONT_CNCURSES_SHIM_H
#define FREMONT_CNCURSES_SHIM_H

// Without these, curses.h hides the wide-character API (cchar_t, get_wch, mvwaddnwstr).
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Globals and macros Swift 6 cannot use directly. Their values differ between ncurses builds,
// so Swift asks for them here instead of hard-coding numbers.
static inline WINDOW *fremont_stdscr(void) { return stdscr; }
static inline int fremont_lines(void) { return LINES; }
static inline int fremont_cols(void) { return COLS; }
static inline int fremont_colors(void) { return COLORS; }
static inline int fremont_color_pairs(void) { return COLOR_PAIRS; }
static inline int fremont_color_pair(int n) { return (int)COLOR_PAIR(n); }

static inline attr_t fremont_a_normal(void) { return A_NORMAL; }
static inline attr_t fremont_a_bold(void) { return A_BOLD; }
static inline attr_t fremont_a_dim(void) { return A_DIM; }
static inline attr_t fremont_a_underline(void) { return A_UNDERLINE; }
static inline attr_t fremont_a_reverse(void) { return A_REVERSE; }
static inline attr_t fremont_a_italic(void) { return A_ITALIC; }

static inline int fremont_key_resize(void) { return KEY_RESIZE; }
static inline int fremont_key_mouse(void) { return KEY_MOUSE; }
static inline int fremont_key_code_yes(void) { return KEY_CODE_YES; }

static inline mmask_t fremont_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
/* Clicks and the wheel only: without REPORT_MOUSE_POSITION ncurses asks for xterm's mode 1000,
   not 1003 (every motion), which keeps the terminal's own text selection with Shift. */
static inline mmask_t fremont_click_and_wheel_events(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
#else
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED;
#endif
}
static inline mmask_t fremont_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t fremont_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t fremont_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t fremont_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t fremont_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t fremont_button5_pressed(void) { return 0; }
#endif

static inline void fremont_getmaxyx(WINDOW *window, int *y, int *x) { getmaxyx(window, *y, *x); }

// Sets one cell from a wide string (a grapheme: base character plus combining marks).
static inline int fremont_set_cell(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cell, text, attrs, 0, &pair);
}

// A program given the terminal gets no descriptor of fremont's but the standard three. glibc
// (2.34+) declares this only under _GNU_SOURCE, which the system module is built without.
#include <spawn.h>
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
static inline int fremont_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
#endif
