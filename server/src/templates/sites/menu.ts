import type { Collection } from '../../model/document.js';
import { loc } from '../kit.js';
import type { Art } from '../sections/define.js';

/** The Bistro's menu: a localized collection grouped by an enum category. */

interface Dish {
  name: [string, string];
  description: [string, string];
  price: number;
  category: 'starters' | 'mains' | 'desserts' | 'drinks';
  diet: string;
  image?: string;
}

const DISHES: Dish[] = [
  {
    category: 'starters',
    name: ['Beetroot and goat’s cheese', 'Punajuurta ja vuohenjuustoa'],
    description: [
      'Roasted beetroot, whipped goat’s cheese, toasted rye and dill oil.',
      'Paahdettua punajuurta, vaahdotettua vuohenjuustoa, paahdettua ruista ja tilliöljyä.',
    ],
    price: 14,
    diet: 'L',
  },
  {
    category: 'starters',
    name: ['Chanterelle soup', 'Kantarellikeitto'],
    description: [
      'Creamy soup of forest chanterelles with crème fraîche, chives and sourdough.',
      'Samettinen metsäkantarellikeitto, crème fraîchea, ruohosipulia ja juurileipää.',
    ],
    price: 13,
    diet: 'L',
    image: 'dish-soup.svg',
  },
  {
    category: 'starters',
    name: ['Cured whitefish', 'Graavattu siika'],
    description: [
      'Lightly cured whitefish, cucumber, horseradish cream and a rye crisp.',
      'Kevyesti graavattua siikaa, kurkkua, piparjuurikermaa ja ruislastu.',
    ],
    price: 16,
    diet: 'L',
  },
  {
    category: 'starters',
    name: ['Autumn greens', 'Syksyn vihreät'],
    description: [
      'Kale, crisp apple, toasted sunflower seeds and a cider dressing.',
      'Lehtikaalia, rapeaa omenaa, paahdettuja auringonkukansiemeniä ja siiderikastiketta.',
    ],
    price: 12,
    diet: 'VE, G',
    image: 'dish-salad.svg',
  },
  {
    category: 'mains',
    name: ['Pan-roasted Arctic char', 'Paahdettua nieriää'],
    description: [
      'Brown butter, new potatoes, pickled fennel and dill.',
      'Ruskistettua voita, uusia perunoita, marinoitua fenkolia ja tilliä.',
    ],
    price: 32,
    diet: 'G',
    image: 'dish-salmon.svg',
  },
  {
    category: 'mains',
    name: ['Braised reindeer', 'Haudutettua poroa'],
    description: [
      'Slow-braised reindeer with buttery mash, lingonberries and pickled cucumber.',
      'Hitaasti haudutettua poroa, voista perunasosetta, puolukkaa ja suolakurkkua.',
    ],
    price: 36,
    diet: 'L, G',
  },
  {
    category: 'mains',
    name: ['Wild mushroom barley', 'Metsäsieniohrattoa'],
    description: [
      'Pearl barley cooked like risotto with forest mushrooms, aged cheese and thyme.',
      'Risoton tapaan kypsennettyä helmiohraa, metsäsieniä, kypsytettyä juustoa ja timjamia.',
    ],
    price: 26,
    diet: 'L',
    image: 'dish-mushroom.svg',
  },
  {
    category: 'mains',
    name: ['Cabbage rolls, our way', 'Kaalikääryleet meidän tapaan'],
    description: [
      'Slow-cooked rolls of pork and rice with lingonberry and a cream sauce.',
      'Hitaasti kypsytetyt porsas-riisikääryleet, puolukkaa ja kermakastiketta.',
    ],
    price: 27,
    diet: 'L, G',
  },
  {
    category: 'desserts',
    name: ['Blueberry pie', 'Mustikkapiirakka'],
    description: ['Warm wild blueberry pie with vanilla sauce.', 'Lämmin metsämustikkapiirakka ja vaniljakastike.'],
    price: 11,
    diet: 'L',
    image: 'dish-dessert.svg',
  },
  {
    category: 'desserts',
    name: ['Sea buckthorn posset', 'Tyrnipossetti'],
    description: ['Sea buckthorn cream, oat crumble and local honey.', 'Tyrnikermaa, kauramurua ja lähiseudun hunajaa.'],
    price: 10,
    diet: 'G',
  },
  {
    category: 'desserts',
    name: ['Rye bread pudding', 'Ruisleipävanukas'],
    description: ['Rye bread pudding with cloudberry jam and whipped cream.', 'Ruisleipävanukas, lakkahilloa ja kermavaahtoa.'],
    price: 12,
    diet: 'L',
  },
  {
    category: 'drinks',
    name: ['House rhubarb lemonade', 'Talon raparperilimonadi'],
    description: ['Rhubarb and lemon, lightly sparkling.', 'Raparperia ja sitruunaa, kevyesti kuplivana.'],
    price: 5,
    diet: 'VE',
  },
  {
    category: 'drinks',
    name: ['Nordic gin and tonic', 'Pohjoismainen gin tonic'],
    description: ['Finnish gin, tonic, juniper and cucumber.', 'Suomalaista giniä, tonicia, katajaa ja kurkkua.'],
    price: 13,
    diet: 'VE',
  },
  {
    category: 'drinks',
    name: ['Wine of the week', 'Viikon viini'],
    description: [
      'A natural wine we are excited about, by the glass. Ask us what is open.',
      'Luomuviini, josta olemme innoissamme, lasillisittain. Kysy, mitä on auki.',
    ],
    price: 9,
    diet: 'VE',
  },
  {
    category: 'drinks',
    name: ['Coffee and a cardamom bun', 'Kahvi ja pulla'],
    description: [
      'Filter coffee from a Helsinki roastery with a bun from our oven.',
      'Helsinkiläisen paahtimon suodatinkahvia ja uunituore pulla.',
    ],
    price: 6,
    diet: 'L',
    image: 'dish-bread.svg',
  },
];

export const MENU_GROUPS = [
  {
    value: 'starters',
    title: loc('Starters', 'Alkuruoat'),
    text: loc('Small plates to share, or to start with.', 'Pieniä annoksia jaettavaksi tai aluksi.'),
  },
  {
    value: 'mains',
    title: loc('Mains', 'Pääruoat'),
    text: loc('Served with bread from our own oven.', 'Tarjoillaan oman uunimme leivän kanssa.'),
  },
  {
    value: 'desserts',
    title: loc('Desserts', 'Jälkiruoat'),
    text: loc('Made in the morning, with berries from the season.', 'Aamulla valmistettuja, kauden marjoista.'),
  },
  {
    value: 'drinks',
    title: loc('Drinks', 'Juomat'),
    text: loc('Wines by the glass change every week.', 'Lasiviinit vaihtuvat viikoittain.'),
  },
];

export function menu(art: Art): Collection {
  return {
    id: 'menu',
    name: 'Menu',
    icon: 'bi:egg-fried',
    fields: [
      { id: 'name', name: loc('Dish', 'Annos'), type: 'text', localizable: true },
      { id: 'description', name: loc('Description', 'Kuvaus'), type: 'text', localizable: true },
      { id: 'price', name: loc('Price (€)', 'Hinta (€)'), type: 'number' },
      {
        id: 'category',
        name: loc('Category', 'Kategoria'),
        type: 'enum',
        options: MENU_GROUPS.map((g) => ({ value: g.value, label: g.title })),
      },
      { id: 'diet', name: loc('Diet', 'Ruokavalio'), type: 'text' },
      { id: 'featured', name: loc('Featured on the front page', 'Etusivun nosto'), type: 'boolean' },
      { id: 'image', name: loc('Picture', 'Kuva'), type: 'image' },
      { id: 'published', name: loc('Published', 'Julkaistu'), type: 'published' },
    ],
    items: DISHES.map((d, i) => ({
      _id: i + 1,
      name: loc(...d.name),
      description: loc(...d.description),
      price: d.price,
      category: d.category,
      diet: d.diet,
      featured: !!d.image,
      image: d.image ? art(d.image) : '',
      published: true,
    })),
  };
}
