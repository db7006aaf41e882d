/* crapette-rules-window.c: the rules of both games, explained in the player's language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-rules-window.h"

#include "crapette-card.h"
#include "crapette-enums.h"

/*
 * The text follows docs/rules.md section by section; when the rule book changes, this file
 * changes with it. The rules are kept as data rather than in the .ui file so that each
 * paragraph, heading and picture is one entry here, in reading order, with its translator
 * comment beside it.
 */

typedef enum
{
  RULES_HEADING,
  RULES_SUBHEADING,
  RULES_TEXT,
  RULES_CARDS,
} RulesBlockKind;

typedef struct
{
  RulesBlockKind kind;
  /* The cards of a picture, in notation: a comma separates piles, a space the cards of a
   * pile from the bottom up. Empty for text. */
  const char *cards;
  const char *text;
} RulesBlock;

static const RulesBlock russian_bank_rules[] = {
  { RULES_TEXT, NULL,
    N_("Russian Bank, also called Crapette, is a race between two players: each tries to be the "
       "first to get rid of all their own cards. It is played with two packs of 52 cards with "
       "different backs, one for each player. Cards rank from the Ace (low) to the King (high); "
       "diamonds and hearts are red, clubs and spades black.") },

  { RULES_HEADING, NULL, N_("The Table") },
  { RULES_TEXT, NULL,
    N_("Each player deals from their own pack a reserve of 13 cards face down with its top card "
       "turned face up, one card face up on each of their four houses, and the other 35 cards "
       "face down as their stock. Each player also has a turned card, the one just turned up "
       "from the stock, and a waste pile, face up.") },
  { RULES_TEXT, NULL,
    N_("Between the players lie the eight houses, four on each side, and eight foundations, "
       "empty at first. Either player may use any house and any foundation.") },

  { RULES_HEADING, NULL, N_("Who Plays First") },
  { RULES_TEXT, NULL,
    N_("The player whose face-up reserve card is lower plays first. If the two cards are of the "
       "same rank, the houses are compared in the order they were dealt, each with the one "
       "opposite; if everything ties, South starts. With the option “take turns to start”, "
       "South starts the first round of a match and North the second, and so on.") },

  { RULES_HEADING, NULL, N_("Which Cards You May Play") },
  { RULES_TEXT, NULL,
    N_("On your turn you may move only the top card of your own reserve, your turned card and "
       "the top card of any house. You never play a card from a stock, a waste or a "
       "foundation, nor your opponent’s reserve or turned card.") },

  { RULES_HEADING, NULL, N_("Where a Card May Go") },
  { RULES_TEXT, NULL,
    N_("Foundations are built up in suit from the Ace to the King. An Ace may go on any empty "
       "foundation. The two packs mix: a Two of clubs from either pack goes on an Ace of "
       "clubs from either pack.") },
  /* Translators: the caption of a picture of a foundation; "A♣" is the Ace of clubs */
  { RULES_CARDS, "A♣ 2♣ 3♣", N_("A foundation: A♣, 2♣, 3♣, built up in suit") },
  { RULES_TEXT, NULL,
    N_("Houses are built down in alternating colors: a card goes on a house whose top card is "
       "one rank higher and of the other color. Any card may go on an empty house. Moving a "
       "house’s only card to another empty house is not allowed, since it changes nothing.") },
  /* Translators: the caption of a picture of a house holding 7♠, 6♥ and 5♣ */
  { RULES_CARDS, "7♠ 6♥ 5♣", N_("A house: a red 6 on a black 7, then a black 5") },
  { RULES_TEXT, NULL,
    N_("You may load your opponent: put a card on the top card of their reserve or waste when "
       "it is of the same suit and one rank higher or lower. The King and the Ace are not "
       "neighbors, and an empty reserve or waste can never be loaded. Loaded cards become your "
       "opponent’s: they must get rid of them too.") },
  /* Translators: the caption of two pictures, 8♥ on 7♥ and 6♥ on 7♥ */
  { RULES_CARDS, "7♥ 8♥, 7♥ 6♥", N_("Loading: the 8♥ or the 6♥ on the opponent’s 7♥") },
  { RULES_TEXT, NULL,
    N_("Your own waste takes only your own turned card, and putting it there ends your turn; "
       "you may do it even when the card could be played elsewhere. Nothing may be put on your "
       "own reserve, on a stock or on a turned card.") },

  { RULES_HEADING, NULL, N_("The Order of Play") },
  { RULES_TEXT, NULL,
    N_("A turn has an order that you must keep. It is checked again after every card played.") },
  { RULES_SUBHEADING, NULL, N_("Foundations first") },
  { RULES_TEXT, NULL,
    N_("While any card you may move can go to a foundation, you must play a card to a "
       "foundation. When several can, you choose which.") },
  { RULES_SUBHEADING, NULL, N_("Fill an emptied house from the reserve") },
  { RULES_TEXT, NULL,
    N_("When you empty a house during your turn, you must fill it at once with the top card of "
       "your reserve; only moves to a foundation may come first. Houses that were already empty "
       "when your turn began carry no such duty. Once your reserve is empty you may fill the "
       "house with any card or leave it empty.") },
  { RULES_SUBHEADING, NULL, N_("The reserve before the stock") },
  { RULES_TEXT, NULL,
    N_("You may not turn a card from your stock while the top card of your reserve can be "
       "played on a house, an empty one included, or on your opponent’s reserve or waste.") },

  { RULES_HEADING, NULL, N_("Turning the Stock") },
  { RULES_TEXT, NULL,
    N_("When none of these rules stops you, turn the top card of your stock face up. You must "
       "play it or put it on your own waste before turning another. After a card is played, "
       "the order of play applies again: you may play from your reserve and the houses, turn "
       "again, and so on.") },
  { RULES_TEXT, NULL,
    N_("When your stock is empty and you turn, your whole waste is first turned over as a new "
       "stock, without shuffling, and its top card is turned up.") },

  { RULES_HEADING, NULL, N_("The End of a Turn") },
  { RULES_TEXT, NULL,
    N_("Your turn ends when you put your turned card on your own waste. With nothing left to "
       "turn (no turned card, no stock and no waste) you may end your turn without moving, "
       "unless a foundation move or an emptied house still requires a move. A turn that ends "
       "without any card having moved is a pass.") },

  { RULES_HEADING, NULL, N_("The End of a Round") },
  { RULES_TEXT, NULL,
    N_("A player who gets rid of every card of their reserve, stock, waste and turned card wins "
       "the round at once.") },
  { RULES_TEXT, NULL,
    N_("The round is blocked when both players pass one after the other, when the same "
       "position comes up for the third time with the same player to move, or when 50 turns in "
       "a row go by without progress (the number can be changed in Preferences). A turn makes "
       "progress when a card reaches a foundation, or when at its end either player has fewer "
       "cards left than ever before in the round.") },

  { RULES_HEADING, NULL, N_("Scoring") },
  { RULES_TEXT, NULL,
    N_("Each player’s cards left are counted: 2 for each reserve card, 1 for each stock, waste "
       "or turned card. The winner of a round scores 30 points plus the opponent’s count. In a "
       "blocked round, the player with the lower count scores the difference between the two "
       "counts; if they are equal nobody scores.") },
  { RULES_TEXT, NULL,
    N_("For example, South goes out while North still has 2 reserve cards, 2 stock cards and 1 "
       "waste card. North’s count is 2 × 2 + 3 = 7, and South scores 37.") },

  { RULES_HEADING, NULL, N_("The Match") },
  { RULES_TEXT, NULL,
    N_("The old rule books play a match to 300 points, and so does Crapette unless you choose "
       "another target, or single rounds, in Preferences. The reserve can also be made 12 cards "
       "instead of 13.") },
};

static const RulesBlock american_bank_rules[] = {
  { RULES_TEXT, NULL,
    N_("American Bank is Bill Perkins’ two-player cousin of Russian Bank. It is played with a "
       "single pack of 52 cards and built in double suits. Both players share one tableau and "
       "race to get rid of their cards.") },

  { RULES_HEADING, NULL, N_("The Table") },
  { RULES_TEXT, NULL,
    N_("Each player has a hand of cards face down, a card in hand (the card just turned up from "
       "the hand, at most one) and a talon, their discard pile, face up. There are no "
       "reserves.") },
  { RULES_TEXT, NULL,
    N_("Between the players lies the tableau: eight piles in two rows, four on each player’s "
       "side. Piles of 13 finished cards are set aside face down as completed sequences, out of "
       "play.") },

  { RULES_HEADING, NULL, N_("The Deal") },
  { RULES_TEXT, NULL,
    N_("The pack is shuffled and dealt one card at a time, face down, starting with the player "
       "who is not dealing, until each player holds 26 cards. The first dealer of a match is "
       "drawn at random; after that the deal alternates from round to round.") },
  { RULES_TEXT, NULL,
    N_("The non-dealer plays first and begins by laying the top four cards of their hand face "
       "up, one on each pile of their own row. The dealer lays out their row in the same way "
       "when their first turn begins; until then nobody may play onto it.") },

  { RULES_HEADING, NULL, N_("Double Suits") },
  { RULES_TEXT, NULL,
    N_("A card is built on a card of the other suit of the same color that is one rank higher "
       "or lower: hearts on diamonds and diamonds on hearts, spades on clubs and clubs on "
       "spades.") },
  /* Translators: the caption of a picture of a tableau pile holding 8♦, 9♥ and 10♦ */
  { RULES_CARDS, "8♦ 9♥ 10♦", N_("Double suits: 9♥ on 8♦, then 10♦ going up") },
  { RULES_TEXT, NULL,
    N_("Ranks go round the corner: the Ace is next to both the 2 and the King, so Queen, King, "
       "Ace, Two is a sequence in either direction.") },
  /* Translators: the caption of a picture of a tableau pile holding Q♠, K♣, A♠ and 2♣ */
  { RULES_CARDS, "Q♠ K♣ A♠ 2♣", N_("Round the corner: Q♠, K♣, A♠, 2♣") },

  { RULES_HEADING, NULL, N_("Building on the Tableau") },
  { RULES_TEXT, NULL,
    N_("An empty space takes any single card, but a pile’s only card may not move into an "
       "empty space. A pile of one card takes a double-suit card one rank higher or lower. The "
       "second card fixes the pile’s direction: from then on every card must go the same way, "
       "up or down.") },
  { RULES_TEXT, NULL,
    N_("When a pile reaches 13 cards it is complete: it is turned face down and set aside as a "
       "completed sequence, and its place becomes an empty space.") },
  { RULES_TEXT, NULL,
    N_("Cards move one at a time. You may play your card in hand and the top card, the end "
       "card, of any tableau pile. You never play from a hand, a talon or a completed sequence, "
       "nor your opponent’s card in hand.") },

  { RULES_HEADING, NULL, N_("A Turn") },
  { RULES_TEXT, NULL,
    N_("Turn the top card of your hand face up: it becomes your card in hand, and you may not "
       "turn another while it is there. Play it if you like, on the tableau or on your "
       "opponent’s talon; between turns of cards you may also move end cards from pile to pile "
       "or load them on your opponent’s talon. When your card in hand is played, turn the next "
       "one.") },
  { RULES_TEXT, NULL,
    N_("Your turn ends when you put your card in hand on your own talon: you must when it "
       "cannot be played, and you may even when it could. Only the card in hand may go on your "
       "own talon, and this is the only way to end a turn.") },
  { RULES_TEXT, NULL,
    N_("When your hand is empty and you need to turn a card, your talon is turned over to "
       "become your new hand, so that the card you discarded first comes up first.") },

  { RULES_HEADING, NULL, N_("Loading the Opponent’s Talon") },
  { RULES_TEXT, NULL,
    N_("At any time in your turn you may put your card in hand, or an end card from the "
       "tableau, on your opponent’s talon if it is a double-suit card one rank higher or lower "
       "than the talon’s top card. An empty talon cannot be loaded. Loading does not end your "
       "turn.") },
  /* Translators: the caption of two pictures, 4♠ on 5♣ and 6♠ on 5♣ */
  { RULES_CARDS, "5♣ 4♠, 5♣ 6♠", N_("Loading: the 4♠ or the 6♠ on the opponent’s 5♣") },

  { RULES_HEADING, NULL, N_("Spaces You Open") },
  { RULES_TEXT, NULL,
    N_("If during your turn you empty a tableau pile, by moving its last card away or by "
       "completing a sequence, you owe that space a card. While it is empty and some card could "
       "fill it (your card in hand, or the end card of a pile of two or more cards) you may "
       "neither turn a card nor discard. Spaces you did not open in this turn carry no duty, "
       "and either player may fill them.") },

  { RULES_HEADING, NULL, N_("The End of a Round") },
  { RULES_TEXT, NULL,
    N_("The first player to get rid of every card, with hand, card in hand and talon all empty, "
       "wins the round. Cards on the tableau and in completed sequences belong to nobody.") },
  { RULES_TEXT, NULL,
    N_("The round is blocked when the same position comes up for the third time, or when 50 "
       "turns in a row go by without progress (the number can be changed in Preferences). A "
       "turn makes progress when a sequence is completed in it, or when at its end either "
       "player has fewer cards left than ever before in the round. In a blocked round the "
       "player with fewer cards left wins; with equal counts nobody does.") },

  { RULES_HEADING, NULL, N_("Scoring and the Match") },
  { RULES_TEXT, NULL,
    N_("Each round won scores 1 point. The players agree how many rounds make a match, best of "
       "three unless you choose otherwise in Preferences: the first player to win most of them "
       "wins the match.") },
};

/* CrapetteRulesCards: a small picture of a few cards, drawn with the table's own card art. */

#define CRAPETTE_TYPE_RULES_CARDS (crapette_rules_cards_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteRulesCards, crapette_rules_cards, CRAPETTE, RULES_CARDS, GtkWidget)

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
static GtkWidget *
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

/* CrapetteRulesWindow */

struct _CrapetteRulesWindow
{
  AdwWindow parent_instance;

  CrapetteCardTheme *theme;

  AdwViewStack *stack;
  GtkWidget *russian_page;
  GtkWidget *american_page;
};

G_DEFINE_FINAL_TYPE (CrapetteRulesWindow, crapette_rules_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_THEME,
  PROP_VARIANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
make_label (const char *text,
            const char *style_class)
{
  GtkWidget *label = gtk_label_new (text);

  /* Long paragraphs wrap at word boundaries; a word too long for a narrow window may still
   * break, so that nothing is ever cut off. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  if (style_class != NULL)
    gtk_widget_add_css_class (label, style_class);
  return label;
}

static void
fill_page (CrapetteRulesWindow *self,
           GtkWidget           *page,
           const RulesBlock    *blocks,
           gsize                n_blocks)
{
  for (gsize i = 0; i < n_blocks; i++)
    {
      const RulesBlock *block = &blocks[i];
      GtkWidget *child = NULL;

      switch (block->kind)
        {
        case RULES_HEADING:
          child = make_label (_(block->text), "title-3");
          gtk_widget_set_margin_top (child, 12);
          break;
        case RULES_SUBHEADING:
          child = make_label (_(block->text), "heading");
          break;
        case RULES_TEXT:
          child = make_label (_(block->text), NULL);
          break;
        case RULES_CARDS:
          {
            GtkWidget *picture = crapette_rules_cards_new (self->theme, block->cards);
            GtkWidget *caption = make_label (_(block->text), "caption");

            child = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
            gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
            gtk_label_set_xalign (GTK_LABEL (caption), 0.5);
            gtk_label_set_justify (GTK_LABEL (caption), GTK_JUSTIFY_CENTER);
            gtk_widget_add_css_class (caption, "dim-label");
            gtk_box_append (GTK_BOX (child), picture);
            gtk_box_append (GTK_BOX (child), caption);
            gtk_widget_set_margin_top (child, 6);
            gtk_widget_set_margin_bottom (child, 6);
          }
          break;
        default:
          g_assert_not_reached ();
        }
      gtk_box_append (GTK_BOX (page), child);
    }
}

static void
crapette_rules_window_constructed (GObject *object)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  G_OBJECT_CLASS (crapette_rules_window_parent_class)->constructed (object);

  if (self->theme == NULL)
    self->theme = crapette_card_theme_new ();
  fill_page (self, self->russian_page, russian_bank_rules, G_N_ELEMENTS (russian_bank_rules));
  fill_page (self, self->american_page, american_bank_rules, G_N_ELEMENTS (american_bank_rules));
}

static void
on_visible_child_changed_cb (CrapetteRulesWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

static void
crapette_rules_window_dispose (GObject *object)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_RULES_WINDOW);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (crapette_rules_window_parent_class)->dispose (object);
}

static void
crapette_rules_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_THEME:
      g_value_set_object (value, self->theme);
      break;
    case PROP_VARIANT:
      g_value_set_enum (value, crapette_rules_window_get_variant (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_rules_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  CrapetteRulesWindow *self = CRAPETTE_RULES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_THEME:
      g_set_object (&self->theme, g_value_get_object (value));
      break;
    case PROP_VARIANT:
      crapette_rules_window_set_variant (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_rules_window_class_init (CrapetteRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = crapette_rules_window_constructed;
  object_class->dispose = crapette_rules_window_dispose;
  object_class->get_property = crapette_rules_window_get_property;
  object_class->set_property = crapette_rules_window_set_property;

  properties[PROP_THEME] =
    g_param_spec_object ("theme", NULL, NULL,
                         CRAPETTE_TYPE_CARD_THEME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_RUSSIAN,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/crapette/Crapette/crapette-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteRulesWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRulesWindow, russian_page);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRulesWindow, american_page);
  gtk_widget_class_bind_template_callback (widget_class, on_visible_child_changed_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
crapette_rules_window_init (CrapetteRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Creates a Rules window whose pictures are drawn with @theme (a new theme when %NULL). */
CrapetteRulesWindow *
crapette_rules_window_new (CrapetteCardTheme *theme)
{
  g_return_val_if_fail (theme == NULL || CRAPETTE_IS_CARD_THEME (theme), NULL);

  return g_object_new (CRAPETTE_TYPE_RULES_WINDOW, "theme", theme, NULL);
}

/* Returns the theme the pictures of cards are drawn with. */
CrapetteCardTheme *
crapette_rules_window_get_theme (CrapetteRulesWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_RULES_WINDOW (self), NULL);

  return self->theme;
}

/* Returns the game whose rules are shown. */
CrapetteVariant
crapette_rules_window_get_variant (CrapetteRulesWindow *self)
{
  const char *name;

  g_return_val_if_fail (CRAPETTE_IS_RULES_WINDOW (self), CRAPETTE_VARIANT_RUSSIAN);

  name = adw_view_stack_get_visible_child_name (self->stack);
  return g_strcmp0 (name, "american") == 0 ? CRAPETTE_VARIANT_AMERICAN
                                           : CRAPETTE_VARIANT_RUSSIAN;
}

/* Shows the rules of @variant. */
void
crapette_rules_window_set_variant (CrapetteRulesWindow *self,
                                   CrapetteVariant      variant)
{
  g_return_if_fail (CRAPETTE_IS_RULES_WINDOW (self));
  g_return_if_fail (variant == CRAPETTE_VARIANT_RUSSIAN || variant == CRAPETTE_VARIANT_AMERICAN);

  /* The stack's notification reports the change, so nothing is notified twice. */
  adw_view_stack_set_visible_child_name (self->stack,
                                         variant == CRAPETTE_VARIANT_AMERICAN ? "american"
                                                                              : "russian");
}

/* Returns the box holding the rules of @variant, so tests can look at every label in it. */
GtkWidget *
crapette_rules_window_get_page (CrapetteRulesWindow *self,
                                CrapetteVariant      variant)
{
  g_return_val_if_fail (CRAPETTE_IS_RULES_WINDOW (self), NULL);

  return variant == CRAPETTE_VARIANT_AMERICAN ? self->american_page : self->russian_page;
}
