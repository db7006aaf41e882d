/* crapette-choice-row.h: drop-down rows that show every choice whole, at one size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Makes @row (whose model is a GtkStringList) show its choices without cutting them off, and
 * keep its size whichever is chosen. */
void crapette_choice_row_show_whole_choices (AdwComboRow *row);

G_END_DECLS
