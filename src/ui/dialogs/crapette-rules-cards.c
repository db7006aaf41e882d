/* crapette-rules-cards.c: a small picture of a few cards, drawn with the table's own card art
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-rules-cards.h"

#include "crapette-card.h"

#define RULES_CARD_WIDTH 64
#define RULES_PILE_GAP 24
/* The share of a card's height left showing under the next card of a pile: enough for the
 * corner index. */
#define RULES_FAN_SHARE 0.3

struct _CrapetteRulesCards
{
  GtkWidget parent_instance;

  CrapetteCardTheme *theme;
  /* Each pile is a GArray of CrapetteCard, bottom card first. */
  GPtrArray *piles;
};

G_DEFINE_FINAL_TYPE (CrapetteRulesCards, crapette_rules_cards, GTK_TYPE_WIDGET)

static int
rules_card_height (void)
{
  return crapette_card_theme_height_for_width (RULES_CARD_WIDTH);
}

static int
rules_fan_step (void)
{
  return (int) (rules_card_height () * RULES_FAN_SHARE);
}

static void
crapette_rules_cards_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  CrapetteRulesCards *self = CRAPETTE_RULES_CARDS (widget);
  guint n_piles = self->piles->len;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = *natural = n_piles == 0
        ? 0
        : (int) n_piles * RULES_CARD_WIDTH + ((int) n_piles - 1) * RULES_PILE_GAP;
    }
  else
    {
      guint tallest = 0;

      for (guint i = 0; i < n_piles; i++)
        tallest = MAX (tallest, ((GArray *) g_ptr_array_index (self->piles, i))->len);
      *minimum = *natural = tallest == 0
        ? 0
        : rules_card_height () + ((int) tallest - 1) * rules_fan_step ();
    }
}

static void
crapette_rules_cards_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  CrapetteRulesCards *self = CRAPETTE_RULES_CARDS (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int scale = gtk_widget_get_scale_factor (widget);
  int width = gtk_widget_get_width (widget);
  int card_height = rules_card_height ();

  if (self->theme == NULL)
    return;

  for (guint i = 0; i < self->piles->len; i++)
    {
      GArray *pile = g_ptr_array_index (self->piles, i);
      /* Piles are read in the direction of the text, so that in Persian the first pile of an
       * example is the right-most one, like the first word of its caption. */
      int left = (int) i * (RULES_CARD_WIDTH + RULES_PILE_GAP);
      int x = rtl ? width - left - RULES_CARD_WIDTH : left;

      for (guint j = 0; j < pile->len; j++)
        {
          CrapetteCard card = g_array_index (pile, CrapetteCard, j);
          GdkTexture *texture = crapette_card_theme_get_card (self->theme, card,
                                                              RULES_CARD_WIDTH, scale);

          if (texture == NULL)
            continue;
          gtk_snapshot_append_texture (snapshot, texture,
                                       &GRAPHENE_RECT_INIT (x, (int) j * rules_fan_step (),
                                                            RULES_CARD_WIDTH, card_height));
        }
    }
}

static void
crapette_rules_cards_dispose (GObject *object)
{
  CrapetteRulesCards *self = CRAPETTE_RULES_CARDS (object);

  g_clear_object (&self->theme);
  g_clear_pointer (&self->piles, g_ptr_array_unref);

  G_OBJECT_CLASS (crapette_rules_cards_parent_class)->dispose (object);
}

static void
crapette_rules_cards_class_init (CrapetteRulesCardsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = crapette_rules_cards_dispose;
  widget_class->measure = crapette_rules_cards_measure;
  widget_class->snapshot = crapette_rules_cards_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
crapette_rules_cards_init (CrapetteRulesCards *self)
{
  self->piles = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
}

/* Reads @cards ("7♥ 8♥, 7♥ 6♥"); the texts are this file's own, so a card that does not
 * read is a programmer's error. */
GtkWidget *
crapette_rules_cards_new (CrapetteCardTheme *theme,
                          const char        *cards)
{
  CrapetteRulesCards *self = g_object_new (CRAPETTE_TYPE_RULES_CARDS, NULL);
  g_auto (GStrv) piles = g_strsplit (cards, ",", -1);
  g_autoptr (GString) spoken = g_string_new (NULL);

  self->theme = g_object_ref (theme);
  for (guint i = 0; piles[i] != NULL; i++)
    {
      GArray *pile = g_array_new (FALSE, FALSE, sizeof (CrapetteCard));
      g_auto (GStrv) words = g_strsplit (g_strstrip (piles[i]), " ", -1);

      for (guint j = 0; words[j] != NULL; j++)
        {
          CrapetteCard card;
          g_autofree char *name = NULL;

          if (!crapette_card_parse (words[j], NULL, &card, NULL))
            {
              g_warning ("“%s” in the rules’ pictures is not a card", words[j]);
              continue;
            }
          g_array_append_val (pile, card);
          name = crapette_card_spoken_name (card);
          if (spoken->len > 0)
            g_string_append (spoken, ", ");
          g_string_append (spoken, name);
        }
      g_ptr_array_add (self->piles, pile);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str,
                                  -1);
  return GTK_WIDGET (self);
}
