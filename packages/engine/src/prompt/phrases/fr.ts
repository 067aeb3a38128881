import type { PhraseBook } from './types.ts';

export const FR: PhraseBook = {
  adjustments: {
    'brightness+':
      'relever les tons moyens et les ombres sans brûler les hautes lumières ; préserver des tons chair naturels et l’équilibre des couleurs',
    'brightness-':
      'baisser l’exposition en douceur en gardant du détail dans les ombres et un point noir propre et neutre',
    'contrast+':
      'approfondir les ombres et éclaircir les hautes lumières avec une courbe en S douce, sans boucher les noirs ni perdre de texture',
    'contrast-':
      'déboucher les ombres et adoucir les hautes lumières pour une gamme tonale plus aérienne',
    'saturation+':
      'des couleurs plus riches et plus vibrantes, des tons chair naturels, sans effet fluo',
    'saturation-': 'des couleurs plus calmes et feutrées, les teintes restant reconnaissables',
    'warmth+':
      'une température de couleur chaude et dorée, comme un soleil de fin d’après-midi, les blancs restant propres',
    'warmth-':
      'une température de couleur fraîche et nette de plein jour, avec des ombres légèrement bleutées',
    hue: 'décaler toutes les teintes de façon égale sur le cercle chromatique en gardant luminosité et contraste',
    grayscale:
      'une conversion monochrome riche avec des noirs profonds, des blancs purs et toute la gamme des gris',
    sepia: 'un virage monochrome brun et chaud comme un tirage argentique ancien',
    blur: 'une douceur régulière sur toute l’image, sans halo',
    sharpen:
      'des contours plus nets et des textures fines avec une accentuation mesurée, sans halo ni bruit',
    rotate: 'faire pivoter toute l’image sans rien rogner',
    flip: 'refléter toute l’image exactement, chaque détail conservé',
    vignette: 'un assombrissement progressif vers les coins qui attire le regard vers le centre',
    grain:
      'un grain argentique fin et régulier qui donne de la matière sans ressembler à du bruit numérique',
    background:
      'un arrière-plan uni, éclairé uniformément, avec une transition douce et naturelle sur les bords du sujet et des ombres de contact réalistes',
    crop: 'garder le sujet principal centré et entier dans le nouveau cadrage',
  },
  looks: {
    anime:
      'un ombrage en aplats façon cellulo, des contours sombres et nets, une palette lumineuse et saturée et des ciels en dégradé doux',
    vintage:
      'un tirage délavé des années 1970 : noirs relevés, hautes lumières jaunies et chaudes, couleurs atténuées, vignetage doux et grain fin',
    clay: 'l’aspect d’un modèle en argile fait main : surfaces mates, lumière douce et diffuse, tons neutres chauds et formes arrondies',
    cyberpunk:
      'une ambiance nocturne aux néons, lumières magenta et cyan, ombres bleu profond, fort contraste et hautes lumières lumineuses',
    sketch:
      'un dessin au crayon graphite sur papier texturé, avec des contours assurés et de légères hachures dans les ombres',
    'pop-art':
      'des aplats de couleurs postérisés dans une palette limitée et saturée, d’épais contours noirs et des trames de points Ben-Day',
    watercolor:
      'des lavis doux et transparents, du pigment accumulé sur les bords, des couleurs qui se fondent et la texture du papier visible',
    'oil-paint':
      'des coups de pinceau visibles, des pigments riches et saturés, des bords fondus et une légère texture de toile',
    cinematic:
      'un étalonnage de film : ombres bleu canard, hautes lumières orangées, contraste doux et bandes noires format cinémascope',
    'clay-to-render':
      'transformer la maquette en argile en rendu photoréaliste, avec une peinture brillante, des reflets réalistes et un éclairage de studio',
    'car-sketch':
      'un croquis au marqueur de designer automobile : contours à l’encre assurés, lignes de construction bleues et ombrage gris clair',
    'white-bg':
      'le sujet sur un fond de studio blanc pur, éclairé uniformément, avec une ombre portée douce au sol',
    beach: 'une lumière côtière claire, des tons de sable chauds et une mer turquoise',
    'car-cyberpunk':
      'une rue de nuit éclairée aux néons, reflets roses et cyan sur la carrosserie et asphalte mouillé brillant',
    sunset:
      'une lumière dorée et rasante de coucher de soleil, un ciel orange et rose et de longues ombres douces',
    fog: 'un brouillard atmosphérique doux qui estompe l’arrière-plan, des couleurs atténuées et une lumière diffuse',
    forest:
      'une lumière de sous-bois d’un vert profond, tachetée et mystérieuse, aux feuillages riches',
    desert: 'une lumière de désert chaude et vive, des tons sable et ocre et un horizon brumeux',
    'ca-highway':
      'la lumière ensoleillée d’une route côtière californienne : ciel bleu limpide, reflets dorés et couleurs saturées',
    'beach-lot':
      'une lumière nette de midi sur un parking en bord de mer, fraîche et lumineuse, horizon marin brumeux',
    'night-scene':
      'une scène de nuit avec une lumière ambiante bleu profond, des sources lumineuses chaudes et des coins sombres',
    brighten:
      'relever l’exposition générale de façon uniforme en gardant le détail des hautes lumières',
    sharpen: 'des contours plus nets et des textures fines sans halo',
    'cad-to-render':
      'un rendu de présentation du modèle CAO avec une lumière de studio douce, des ombres de contact et des matériaux riches et réalistes',
    'two-step-sketch':
      'un dessin au trait net de chaque contour sur papier blanc, prêt pour un rendu photoréaliste',
  },
  intents: {
    add: 'photoréaliste, à une échelle crédible, en accord avec la direction de la lumière, la température de couleur, la perspective et les ombres portées de la scène',
    remove:
      'combler la zone libérée sans raccord visible avec la texture, le motif et la lumière environnants, sans laisser de trace',
    replace:
      'laisser tout le reste inchangé et respecter les matières, la lumière et la perspective de l’original',
  },
  describe: {
    room: 'photo d’intérieur lumineuse, lumière naturelle douce des fenêtres, grand-angle à hauteur d’œil, verticales droites, matières et textures réalistes, grande précision',
    car: 'vue trois-quarts avant, peinture brillante aux reflets nets, éclairage doux de studio ou de fin de journée, net et détaillé',
    portrait:
      'lumière principale douce sur le côté, débouchage léger, faible profondeur de champ, texture de peau naturelle, yeux parfaitement nets',
    landscape:
      'lumière de l’heure dorée, profondeur étagée du premier plan à l’horizon, composition équilibrée selon la règle des tiers, riche en détails',
    product:
      'éclairage de studio propre aux reflets doux, fond neutre sans raccord, composition centrée, détails nets',
    animal:
      'lumière naturelle, perspective à hauteur d’œil, yeux nets, pelage ou plumage détaillé, arrière-plan doucement flou',
    food: 'lumière du jour douce et directionnelle, couleurs appétissantes, faible profondeur de champ, table dressée, textures nettes',
    generic:
      'composition équilibrée, lumière naturelle douce, palette harmonieuse, netteté et grande précision',
  },
  preserve: {
    room: 'garder l’agencement, la perspective et les lignes droites de la pièce',
    car: 'garder la forme, les proportions et les reflets de la voiture',
    portrait: 'préserver l’identité, l’expression et la texture de peau naturelle de la personne',
    landscape: 'garder l’horizon droit et la profondeur naturelle de la scène',
    product: 'garder fidèlement la forme, l’étiquette et les couleurs du produit',
    animal: 'garder les traits et la texture du pelage de l’animal naturels',
    food: 'garder un aspect frais et appétissant',
    generic: 'garder la composition et le cadrage de l’image d’origine',
  },
};
