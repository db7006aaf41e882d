/* crapette-accessible-names.h: buttons named by their words, not by their mnemonics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Names every button with a mnemonic by its label's words in each window, popover or dialog
 * as it is shown, from now on. */
void crapette_accessible_names_install (void);

/* Names every button with a mnemonic under @root by its label's words. */
void crapette_accessible_names_fix     (GtkWidget *root);

G_END_DECLS
