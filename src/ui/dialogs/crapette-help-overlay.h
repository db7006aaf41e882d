/* crapette-help-overlay.h: the keyboard shortcuts window, built the first time it is asked for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Gives every window of @application a win.show-help-overlay action (Ctrl+?) that builds
 * the shortcuts window on first use. */
void crapette_help_overlay_install (GtkApplication *application);

G_END_DECLS
