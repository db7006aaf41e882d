/* crapette-announcer.h: what the game says to a screen reader without moving the focus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CRAPETTE_TYPE_ANNOUNCER (crapette_announcer_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteAnnouncer, crapette_announcer, CRAPETTE, ANNOUNCER, GtkWidget)

/* Creates the announcer: a status region of no size that the window places anywhere. */
GtkWidget  *crapette_announcer_new      (void);

/* Says @text to screen readers; what is said in one go of the main loop is said together. */
void        crapette_announcer_announce (CrapetteAnnouncer *self,
                                         const char        *text);

/* Returns what was said last, as the status region's name holds it. */
const char *crapette_announcer_get_text (CrapetteAnnouncer *self);

G_END_DECLS
