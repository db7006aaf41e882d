/* crapette-rules-window.h: the rules of both games, explained in the player's language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "crapette-card-theme.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_RULES_WINDOW (crapette_rules_window_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteRulesWindow, crapette_rules_window, CRAPETTE, RULES_WINDOW, AdwWindow)

/* Creates a Rules window whose pictures are drawn with @theme (a new theme when %NULL). */
CrapetteRulesWindow *crapette_rules_window_new          (CrapetteCardTheme   *theme);

/* Returns the theme the pictures of cards are drawn with. */
CrapetteCardTheme   *crapette_rules_window_get_theme    (CrapetteRulesWindow *self);

/* Returns the game whose rules are shown. */
CrapetteVariant      crapette_rules_window_get_variant  (CrapetteRulesWindow *self);

/* Shows the rules of @variant. */
void                 crapette_rules_window_set_variant  (CrapetteRulesWindow *self,
                                                         CrapetteVariant      variant);

/* Returns the box holding the rules of @variant, so tests can look at every label in it. */
GtkWidget           *crapette_rules_window_get_page     (CrapetteRulesWindow *self,
                                                         CrapetteVariant      variant);

G_END_DECLS
