/* crapette-locale.h: the player's language: where its catalogues are, and its digits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The variable naming a folder of compiled catalogues to use instead of the installed ones. */
#define CRAPETTE_LOCALEDIR_VARIABLE "CRAPETTE_LOCALEDIR"

/* Sets the locale from the environment and binds Crapette's catalogues: those in
 * $CRAPETTE_LOCALEDIR when it is set (the build tree, under `meson devenv`), else the installed
 * ones. Returns the folder bound. */
const char         *crapette_locale_bind_catalogues (void);

/* Returns the ten digits of the player's language, zero first, one string per digit. */
const char * const *crapette_locale_get_digits     (void);

/* Returns a copy of @text with its ASCII digits written in the player's language's digits. */
char               *crapette_locale_localize_digits (const char *text);

/* Returns @value written in the player's language's digits. */
char               *crapette_locale_format_number   (guint64     value);

G_END_DECLS
