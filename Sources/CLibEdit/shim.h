#ifndef STRUT_CLIBEDIT_SHIM_H
#define STRUT_CLIBEDIT_SHIM_H
#include <stdio.h>
#include <stddef.h>
#include <signal.h>
#include <string.h>
#include <locale.h>
#include <histedit.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Swift 6 refuses the C stdio globals; hand them over through functions. */
static inline FILE *stdin_stream(void) { return stdin; }
static inline FILE *stdout_stream(void) { return stdout; }
static inline FILE *stderr_stream(void) { return stderr; }

/* libedit's el_set, el_get and history are variadic, which Swift cannot call: fixed-argument
   wrappers, one per use. */
typedef char *(*strut_prompt_function)(EditLine *);
typedef unsigned char (*strut_key_function)(EditLine *, int);

static inline int strut_el_set_prompt(EditLine *el, strut_prompt_function f) { return el_set(el, EL_PROMPT, f); }
static inline int strut_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int strut_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int strut_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int strut_el_add_function(EditLine *el, const char *name, const char *help, strut_key_function f) {
    return el_set(el, EL_ADDFN, name, help, f);
}
static inline int strut_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}
static inline int strut_el_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *strut_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static inline History *strut_history_init(void) { return history_init(); }
static inline int strut_history_set_size(History *h, int size) { HistEvent ev; return history(h, &ev, H_SETSIZE, size); }
static inline int strut_history_set_unique(History *h, int on) { HistEvent ev; return history(h, &ev, H_SETUNIQUE, on); }
static inline int strut_history_enter(History *h, const char *line) { HistEvent ev; return history(h, &ev, H_ENTER, line); }
/* H_LOAD and H_SAVE return the number of entries (or -1). */
static inline int strut_history_load(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_LOAD, path); }
static inline int strut_history_save(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_SAVE, path); }

/* Ctrl-C: an empty handler installed without SA_RESTART makes el_gets return with EINTR, so
   the line is cancelled and the loop goes on. */
static volatile sig_atomic_t strut_interrupted = 0;
static void strut_on_interrupt(int signo) { (void)signo; strut_interrupted = 1; }
static inline void strut_install_interrupt_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = strut_on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
}
static inline int strut_take_interrupt(void) { int was = strut_interrupted; strut_interrupted = 0; return was; }
static inline void strut_set_locale(void) { setlocale(LC_CTYPE, ""); }

/* The width in columns of the terminal on a descriptor, or 0 when it is none. TIOCGWINSZ is a
   macro that Swift imports on Linux but not on Darwin (it expands to a function-like _IOR). */
static inline int strut_terminal_columns(int descriptor) {
    struct winsize size;
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}
#endif
