/* crapette-locale.h: numbers written with the digits of the player's language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Returns the ten digits of the player's language, zero first, one string per digit. */
const char * const *crapette_locale_get_digits     (void);

/* Returns a copy of @text with its ASCII digits written in the player's language's digits. */
char               *crapette_locale_localize_digits (const char *text);

/* Returns @value written in the player's language's digits. */
char               *crapette_locale_format_number   (guint64     value);

G_END_DECLS
