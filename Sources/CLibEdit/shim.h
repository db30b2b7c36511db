#ifndef STRUT_CLIBEDIT_SHIM_H
#define STRUT_CLIBEDIT_SHIM_H
#include <stdio.h>
#include <histedit.h>

/* Swift 6 refuses the C stdio globals; hand them over through functions. */
static inline FILE *stdin_stream(void) { return stdin; }
static inline FILE *stdout_stream(void) { return stdout; }
static inline FILE *stderr_stream(void) { return stderr; }
#endif
