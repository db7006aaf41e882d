/* crapette-preferences-window.h: the Preferences window, every row a settings key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CRAPETTE_TYPE_PREFERENCES_WINDOW (crapette_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (CrapettePreferencesWindow, crapette_preferences_window,
                      CRAPETTE, PREFERENCES_WINDOW, AdwPreferencesWindow)

CrapettePreferencesWindow *crapette_preferences_window_new (GtkWindow *parent,
                                                            GSettings *settings);

G_END_DECLS
