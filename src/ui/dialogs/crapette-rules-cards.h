/* crapette-rules-cards.h: a small picture of a few cards in the Rules window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "crapette-card-theme.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_RULES_CARDS (crapette_rules_cards_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteRulesCards, crapette_rules_cards, CRAPETTE, RULES_CARDS, GtkWidget)

/* Creates a picture of @cards in notation ("7♥ 8♥, 7♥ 6♥": a comma between piles, a space
 * between the cards of a pile from the bottom up), drawn with @theme. */
GtkWidget *crapette_rules_cards_new (CrapetteCardTheme *theme,
                                     const char        *cards);

G_END_DECLS
