import type { PhraseBook } from './types.ts';

export const DE: PhraseBook = {
  adjustments: {
    'brightness+':
      'Mitteltöne und Schatten anheben, ohne dass die Lichter ausbrennen; natürliche Hauttöne und Farbbalance erhalten',
    'brightness-':
      'die Belichtung behutsam senken, Zeichnung in den Schatten und einen sauberen, neutralen Schwarzpunkt bewahren',
    'contrast+':
      'Schatten vertiefen und Lichter aufhellen mit einer sanften S-Kurve, ohne abgesoffene Schwärzen oder Texturverlust',
    'contrast-':
      'Schatten öffnen und Lichter weicher machen für einen flacheren, luftigen Tonwertumfang',
    'saturation+':
      'sattere, lebendigere Farben mit natürlichen Hauttönen und ohne grelle Übersättigung',
    'saturation-': 'ruhigere, gedämpfte Farben, bei denen die Farbtöne erkennbar bleiben',
    'warmth+': 'eine warme, goldene Farbtemperatur wie Nachmittagssonne, Weiß bleibt sauber',
    'warmth-': 'eine kühle, klare Tageslicht-Farbtemperatur mit leicht bläulichen Schatten',
    hue: 'alle Farbtöne gleichmäßig auf dem Farbkreis verschieben, Helligkeit und Kontrast bleiben',
    grayscale:
      'eine satte Monochrom-Umsetzung mit tiefem Schwarz, reinem Weiß und allen Grauabstufungen',
    sepia: 'warme braune Monochrom-Tönung wie ein antiker Silberabzug',
    blur: 'eine gleichmäßige, weiche Unschärfe über das ganze Bild ohne Lichthöfe',
    sharpen:
      'klarere Kanten und feine Texturen mit maßvoller Schärfung, ohne Lichthöfe und Rauschen',
    rotate: 'das ganze Bild drehen, ohne etwas abzuschneiden',
    flip: 'das ganze Bild exakt spiegeln, jedes Detail bleibt erhalten',
    vignette: 'eine allmähliche Abdunklung zu den Ecken, die den Blick zur Bildmitte lenkt',
    grain:
      'feines, gleichmäßiges Filmkorn, das Struktur gibt, ohne nach digitalem Rauschen auszusehen',
    background:
      'ein gleichmäßig ausgeleuchteter, nahtloser Hintergrund mit weichem, natürlichem Übergang an den Kanten des Motivs und realistischen Kontaktschatten',
    crop: 'das Hauptmotiv bleibt mittig und vollständig im neuen Format',
  },
  looks: {
    anime:
      'saubere Cel-Schattierung mit flachen Farbflächen, klaren dunklen Konturen, leuchtender Palette und weichen Himmelsverläufen',
    vintage:
      'verblasster Abzug im Stil der 1970er mit angehobenen Schwärzen, warm vergilbten Lichtern, gedämpften Farben, sanfter Vignette und feinem Korn',
    clay: 'Look eines handgemachten Tonmodells: matte Oberflächen, weiches diffuses Licht, warme neutrale Töne und runde Formen',
    cyberpunk:
      'neonbeleuchtete Nachtstimmung mit Magenta- und Cyan-Licht, tiefblauen Schatten, hohem Kontrast und leuchtenden Lichtern',
    sketch:
      'eine Graphit-Bleistiftzeichnung auf strukturiertem Papier mit sicheren Umrissen und leichter Schraffur in den Schatten',
    'pop-art':
      'kräftige, posterisierte Farbflächen in einer begrenzten, satten Palette, dicke schwarze Konturen und Ben-Day-Rasterpunkte',
    watercolor:
      'weiche, transparente Lasuren, Pigmentränder an den Kanten, sanft verlaufende Farben und sichtbare Papierstruktur',
    'oil-paint':
      'sichtbare Pinselstriche, satte Pigmente, weich verblendete Kanten und eine leichte Leinwandstruktur',
    cinematic:
      'Filmstill-Farblook mit petrolfarbenen Schatten, warmen orangen Lichtern, sanftem Kontrast und Breitbild-Balken',
    'clay-to-render':
      'das Tonmodell in ein fotorealistisches Rendering verwandeln, mit glänzendem Lack, realistischen Spiegelungen und Studiolicht',
    'car-sketch':
      'eine Marker-Skizze eines Autodesigners mit sicheren Tuschekonturen, blauen Konstruktionslinien und hellgrauer Schattierung',
    'white-bg':
      'das Motiv vor reinweißem, gleichmäßig ausgeleuchtetem Studiohintergrund mit weichem Bodenschatten',
    beach: 'helles Küstenlicht, warme Sandtöne und türkisfarbenes Meer',
    'car-cyberpunk':
      'eine neonbeleuchtete Straße bei Nacht mit pinken und cyanfarbenen Reflexen auf der Karosserie und nass glänzendem Asphalt',
    sunset: 'tief stehendes goldenes Abendlicht mit orange-rosa Himmel und langen weichen Schatten',
    fog: 'weicher, atmosphärischer Nebel, der den Hintergrund verblassen lässt, mit gedämpften Farben und diffusem Licht',
    forest: 'tiefgrünes Waldlicht, gefleckt und stimmungsvoll, mit satten Blatttönen',
    desert: 'heißes, helles Wüstenlicht mit warmen Sand- und Ockertönen und dunstigem Horizont',
    'ca-highway':
      'sonniges Licht eines kalifornischen Küsten-Highways: klarer blauer Himmel, goldene Lichter und satte Farben',
    'beach-lot':
      'klares Mittagslicht auf einem Parkplatz am Meer, kühl und hell mit dunstigem Horizont',
    'night-scene':
      'eine Nachtszene mit tiefblauem Umgebungslicht, warm leuchtenden Lichtquellen und dunklen, stimmungsvollen Ecken',
    brighten: 'die Gesamtbelichtung gleichmäßig anheben, Zeichnung in den Lichtern erhalten',
    sharpen: 'klarere Kanten und feine Texturen ohne Lichthöfe',
    'cad-to-render':
      'ein Präsentations-Rendering des CAD-Modells mit weichem Studiolicht, Kontaktschatten und satten, realistischen Materialien',
    'two-step-sketch':
      'eine saubere Strichzeichnung aller Konturen auf weißem Papier, bereit für ein fotorealistisches Rendering',
  },
  intents: {
    add: 'fotorealistisch, in glaubwürdiger Größe, passend zu Lichtrichtung, Farbtemperatur, Perspektive und Schattenwurf der Szene',
    remove:
      'die frei werdende Fläche nahtlos mit der umgebenden Textur, dem Muster und dem Licht füllen, sodass keine Spur bleibt',
    replace:
      'alles andere unverändert lassen und Materialien, Licht und Perspektive des Originals treffen',
  },
  describe: {
    room: 'helles Innenraumfoto, weiches natürliches Fensterlicht, Weitwinkel auf Augenhöhe, gerade Vertikalen, realistische Materialien und Texturen, hoher Detailgrad',
    car: 'Dreiviertel-Frontansicht, glänzender Lack mit klaren Spiegelungen, weiches Studio- oder Abendlicht, scharf und detailreich',
    portrait:
      'weiches Führungslicht von der Seite, sanfte Aufhellung, geringe Schärfentiefe, natürliche Hautstruktur, Augen gestochen scharf',
    landscape:
      'Licht der goldenen Stunde, gestaffelte Tiefe vom Vordergrund bis zum Horizont, ausgewogene Komposition nach der Drittelregel, reich an Details',
    product:
      'sauberes Studiolicht mit weichen Reflexen, neutraler nahtloser Hintergrund, zentrierte Komposition, gestochen scharf',
    animal:
      'natürliches Licht, Perspektive auf Augenhöhe, scharfe Augen, detailliertes Fell oder Gefieder, weich unscharfer Hintergrund',
    food: 'weiches, gerichtetes Tageslicht, appetitliche Farben, geringe Schärfentiefe, gestaltete Tischszene, knackige Texturen',
    generic:
      'ausgewogene Komposition, natürliches weiches Licht, harmonische Farbpalette, scharf und detailreich',
  },
  preserve: {
    room: 'Grundriss, Perspektive und gerade Linien des Raums unverändert lassen',
    car: 'Form, Proportionen und Spiegelungen des Autos erhalten',
    portrait: 'Identität, Ausdruck und natürliche Hautstruktur der Person bewahren',
    landscape: 'den Horizont gerade und die natürliche Tiefe der Szene erhalten',
    product: 'Form, Etikett und Farben des Produkts exakt erhalten',
    animal: 'Merkmale und Fellstruktur des Tieres natürlich lassen',
    food: 'das Essen frisch und appetitlich aussehen lassen',
    generic: 'Komposition und Bildausschnitt des Originals beibehalten',
  },
};
