import type { Product } from '../api/contract.ts';
import { homeMessages } from '../messages/home.ts';
import './HomeProducts.css';

/** The product strip of the home page: a highlighted product has a red aura and says so. */
export function HomeProducts({ products }: { products: readonly Product[] }) {
  return (
    <ul className="products">
      {products.map((product) => (
        <li
          key={product.id}
          className={product.isHighlighted ? 'product product--highlighted' : 'product'}
        >
          <img
            className="product__image"
            src={product.imageUrl}
            alt=""
            width={400}
            height={300}
            loading="lazy"
          />
          <p className="product__name">{product.name}</p>
          {product.isHighlighted && (
            <span className="product__badge">{homeMessages.highlighted}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
