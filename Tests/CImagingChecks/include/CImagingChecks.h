// Compile-time checks of CImaging's copied libchafa and GLib declarations (see the .c file).
#ifndef CIMAGING_CHECKS_H
#define CIMAGING_CHECKS_H

/// How many functions of struct cimaging_chafa the checks compare with chafa's header.
int cimaging_checks_chafa_functions(void);

#endif
