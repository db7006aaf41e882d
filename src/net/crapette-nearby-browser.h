/* crapette-nearby-browser.h: the games hosted on the same network, as a list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A #GListModel of #CrapetteNearbyGame: while started, games appear as hosts announce them
 * (crapette-nearby-announcer.h) and disappear when they are withdrawn, each resolved to the
 * first address found for it. This process's own announcements are left out. Everything
 * runs on the GLib main loop; nothing waits on the network.
 *
 *   :error  why the list stays empty (no Avahi daemon, or it failed), as a sentence a
 *           person can read, or %NULL
 */

#pragma once

#include <gio/gio.h>

#include "crapette-nearby-game.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_NEARBY_BROWSER (crapette_nearby_browser_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNearbyBrowser, crapette_nearby_browser, CRAPETTE, NEARBY_BROWSER,
                      GObject)

/* Makes a browser, not yet looking. */
CrapetteNearbyBrowser *crapette_nearby_browser_new       (void);

/* Starts looking; %FALSE with @error (and :error) when the Avahi daemon is not there. */
gboolean               crapette_nearby_browser_start     (CrapetteNearbyBrowser  *self,
                                                          GError                **error);

/* Stops looking and empties the list. */
void                   crapette_nearby_browser_stop      (CrapetteNearbyBrowser  *self);

/* Returns why the list stays empty, or %NULL. */
const char            *crapette_nearby_browser_get_error (CrapetteNearbyBrowser  *self);

G_END_DECLS
