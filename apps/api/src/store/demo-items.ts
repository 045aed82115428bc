import type { ItemInput } from '@smart-zone/types/item';
import { demoSku } from './ean13';

/**
 * Loaded once, into an empty store, on first start (Store.seedOnce). The
 * pictures ship with the web app (apps/web/public/images): the demo must
 * look right on a machine with no internet. Reorder points are set so
 * that two phones start low (the low badge and the reorder list show them).
 * Each has an EAN-13 SKU of the shop's own range (ean13.ts).
 */
export const demoItems: readonly ItemInput[] = [
  {
    name: 'iPhone 15 Pro',
    supplier: 'Apple',
    price: 999,
    quantity: 24,
    minStock: 5,
    sku: demoSku(1),
    description: 'Titanium frame, A17 Pro chip and a 48 MP main camera with 3x telephoto. 128 GB, natural titanium.',
    img: '/images/iphone-15-pro.svg',
  },
  {
    name: 'Galaxy S24 Ultra',
    supplier: 'Samsung',
    price: 1199,
    quantity: 18,
    minStock: 5,
    sku: demoSku(2),
    description: '6.8-inch QHD+ display, built-in S Pen, 200 MP camera and seven years of OS updates. 256 GB.',
    img: '/images/galaxy-s24-ultra.svg',
  },
  {
    name: 'OnePlus 12',
    supplier: 'OnePlus',
    price: 799,
    quantity: 30,
    minStock: 10,
    sku: demoSku(3),
    description: 'Snapdragon 8 Gen 3, 80 W wired and 50 W wireless charging, Hasselblad-tuned cameras. 256 GB.',
    img: '/images/oneplus-12.svg',
  },
  {
    name: 'Pixel 8 Pro',
    supplier: 'Google',
    price: 899,
    quantity: 15,
    minStock: 5,
    sku: demoSku(4),
    description: 'Tensor G3, a bright 6.7-inch Super Actua display and Google’s best camera with Magic Editor. 128 GB.',
    img: '/images/pixel-8-pro.svg',
  },
  {
    name: 'Xperia 1 V',
    supplier: 'Sony',
    price: 1099,
    quantity: 8,
    minStock: 10,
    sku: demoSku(5),
    description: '4K HDR OLED in 21:9, a stacked Exmor T sensor and a headphone jack. Made for creators. 256 GB.',
    img: '/images/xperia-1-v.svg',
  },
  {
    name: 'Redmi Note 13 Pro',
    supplier: 'Xiaomi',
    price: 329,
    quantity: 42,
    minStock: 10,
    sku: demoSku(6),
    description: '200 MP camera, 120 Hz AMOLED and 67 W turbo charging at a mid-range price. 256 GB.',
    img: '/images/redmi-note-13-pro.svg',
  },
  {
    name: 'Galaxy A54 5G',
    supplier: 'Samsung',
    price: 449,
    quantity: 35,
    minStock: 5,
    sku: demoSku(7),
    description: 'IP67 water resistance, 50 MP camera with OIS and a two-day 5000 mAh battery. 128 GB.',
    img: '/images/galaxy-a54.svg',
  },
  {
    name: 'iPhone SE',
    supplier: 'Apple',
    price: 429,
    quantity: 20,
    minStock: 5,
    sku: demoSku(8),
    description: 'A15 Bionic in the classic 4.7-inch design with Touch ID. 64 GB, (PRODUCT)RED.',
    img: '/images/iphone-se.svg',
  },
  {
    name: 'Moto Edge 40',
    supplier: 'Motorola',
    price: 599,
    quantity: 12,
    minStock: 5,
    sku: demoSku(9),
    description: 'Curved 144 Hz pOLED, vegan-leather back, IP68 and 68 W charging. 256 GB.',
    img: '/images/moto-edge-40.svg',
  },
  {
    name: 'Nothing Phone (2)',
    supplier: 'Nothing',
    price: 599,
    quantity: 6,
    minStock: 8,
    sku: demoSku(10),
    description: 'Transparent back with the Glyph interface, Snapdragon 8+ Gen 1 and a clean Nothing OS. 256 GB.',
    img: '/images/nothing-phone-2.svg',
  },
];
